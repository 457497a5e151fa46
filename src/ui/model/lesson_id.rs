//! Where a lesson is in the course: the stages in the order they are taught and a level's
//! address (`rook:1`, the URL's `lesson=` and SPEC §3's `data-lesson`). The course's
//! contents (`lessons.rs`) and the names that link to a lesson (`names.rs`) both use it.

/// The stages in the order they are taught; their ids are the URL's (`lesson=rook:1`).
pub const STAGES: [&str; 18] = [
    "king",
    "gold",
    "silver",
    "knight",
    "lance",
    "bishop",
    "rook",
    "pawn",
    "promotion",
    "capture",
    "drops",
    "protect",
    "check",
    "repetition",
    "impasse",
    "values",
    "handicap",
    "castles",
];

/// Where a lesson is: a stage's index in [`STAGES`] and a level's index (from 0).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub struct LessonId {
    pub stage: usize,
    pub level: usize,
}

impl LessonId {
    /// `rook:1` or `rook` (its first level); `None` for a stage not in [`STAGES`] or level 0.
    pub fn parse(text: &str) -> Option<LessonId> {
        let (stage, level) = text.split_once(':').unwrap_or((text, "1"));
        let stage = STAGES.iter().position(|&s| s == stage)?;
        let level = level.parse::<usize>().ok().filter(|&l| l >= 1)? - 1;
        Some(LessonId { stage, level })
    }

    /// SPEC §3 `data-lesson`: `rook:1`.
    pub fn name(self) -> String {
        format!("{}:{}", STAGES[self.stage], self.level + 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lesson_ids_read_and_write() {
        assert_eq!(LessonId::parse("rook:2"), Some(LessonId { stage: 6, level: 1 }));
        assert_eq!(LessonId::parse("drops"), Some(LessonId { stage: 10, level: 0 }));
        assert_eq!(LessonId::parse("rook:0"), None);
        assert_eq!(LessonId::parse("bogus"), None);
        assert_eq!(LessonId { stage: 6, level: 1 }.name(), "rook:2");
    }
}
