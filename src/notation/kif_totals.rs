//! KIF's time column in both its parts. `( 0:02/00:00:05)` is a move's time and its side's
//! total so far, each cut down to whole seconds from the clock's milliseconds (ShogiHome's
//! writer does so, and this app's), so a total is often more than the sum of the moves' whole
//! seconds. Read as whole seconds, such a record would be written back with other totals;
//! [`exact_times`] gives the moves read the fractions of a second their totals imply, so that
//! both parts, cut down again, are what was read.

use super::record::Record;

/// A total read from a time column: the line's path, the step (a move or the end) and the
/// side's total in whole seconds.
pub(super) type ReadTotal = (Vec<usize>, usize, u64);

/// Sets the times of the steps whose totals were read (`totals`, in reading order) to
/// milliseconds that cut down to both columns as read. A side whose totals no milliseconds can
/// give (a total counting time from before the record) keeps the whole seconds.
pub(super) fn exact_times(record: &mut Record, totals: &[ReadTotal]) {
    let mut paths: Vec<&Vec<usize>> = Vec::new();
    for (path, ..) in totals {
        if !paths.contains(&path) {
            paths.push(path);
        }
    }
    // A variation's times go on from its parent's, made exact first.
    paths.sort_by_key(|path| path.len());
    for path in paths {
        let Some(line) = record.line(path) else { continue };
        let own_ms = |ply: usize| line.times.iter().find(|t| t.ply == ply).map_or(0, |t| t.ms);
        for parity in [1, 0] {
            let steps: Vec<(usize, u64, u64)> = totals
                .iter()
                .filter(|(p, ply, _)| p == path && ply % 2 == parity)
                .map(|&(_, ply, total)| (ply, own_ms(ply), total))
                .collect();
            let Some(&(first, ..)) = steps.first() else { continue };
            let before = line.times.iter().filter(|t| t.ply < first && t.ply % 2 == parity).map(|t| t.ms).sum();
            let columns: Vec<(u64, u64)> = steps.iter().map(|&(_, own, total)| (own, total)).collect();
            for (&(ply, ..), ms) in steps.iter().zip(exact_ms(before, &columns).unwrap_or_default()) {
                record.set_time(path, ply, ms);
            }
        }
    }
}

/// Milliseconds for one side's steps, each read as its whole seconds' ms and its total in
/// seconds, after `before` ms of that side's: each cuts down to its own seconds, and the
/// running sum to its total. The nearest to the whole seconds; none if no such exist.
fn exact_ms(before: u64, steps: &[(u64, u64)]) -> Option<Vec<u64>> {
    // Forward: the running sums each step may end at, a range.
    let mut ranges = Vec::with_capacity(steps.len());
    let (mut lo, mut hi) = (before, before);
    for &(own, total) in steps {
        lo = (lo + own).max(total * 1000);
        hi = (hi + own + 999).min(total * 1000 + 999);
        if lo > hi {
            return None;
        }
        ranges.push((lo, hi));
    }
    // Backward from the least final sum: each step's sum before it as late as its range allows.
    let mut sum = lo;
    let mut ms = vec![0; steps.len()];
    for (i, &(own, _)) in steps.iter().enumerate().rev() {
        let (before_lo, before_hi) = if i == 0 { (before, before) } else { ranges[i - 1] };
        let previous = before_hi.min(sum - own).max(before_lo);
        ms[i] = sum - previous;
        sum = previous;
    }
    Some(ms)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn totals_that_add_up_keep_the_whole_seconds() {
        assert_eq!(exact_ms(0, &[(12_000, 12), (65_000, 77)]), Some(vec![12_000, 65_000]));
    }

    #[test]
    fn totals_beyond_the_sum_give_the_fractions_they_imply() {
        // 0.9 s a move, as a clock in ms measured them: 0, 1, 2 and 3 s in all.
        let ms = exact_ms(0, &[(0, 0), (0, 1), (0, 2), (0, 3)]).unwrap();
        let mut sum = 0;
        for (ms, total) in ms.iter().zip([0, 1, 2, 3]) {
            sum += ms;
            assert_eq!((ms / 1000, sum / 1000), (0, total), "{ms}");
        }
        // After time read before (a variation's parent line's).
        assert_eq!(exact_ms(2_500, &[(2_000, 5)]), Some(vec![2_500]));
    }

    #[test]
    fn a_total_no_milliseconds_give_is_refused() {
        assert_eq!(exact_ms(0, &[(12_000, 225)]), None, "3:45 in all after a first move of 0:12");
        assert_eq!(exact_ms(5_000, &[(1_000, 5)]), None, "less than before");
    }
}
