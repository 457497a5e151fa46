//! Who has the engine's one worker when several parts of the page want it. The worker answers
//! one request at a time and stops only by being replaced, so the page's broker
//! (`ui/browser/engine.rs`) keeps this schedule: a request more urgent than the one running
//! pre-empts it (a fresh worker takes over, and the pre-empted request is sent again once the
//! more urgent ones are answered), and a request no longer wanted is dropped, the worker being
//! replaced if it was running. Kept apart from the browser so it is tested natively.

/// How urgent a request is, the most urgent first: someone waiting on the screen goes before
/// work nobody waits for, and open-ended work goes last but one, before what is done in the
/// background.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Priority {
    /// The engine's move in the game: the game stands still until it comes.
    Play,
    /// A hint or the threat: the person asked and waits, seconds at the most.
    Suggestion,
    /// A mating problem's solver (judging the learner's move, a hint, the solution, measuring
    /// a given problem): the learner waits, for as long as the solver needs.
    Solver,
    /// A step of the game review: it shows its progress, and goes on by itself.
    Review,
    /// The analysis: it studies the position shown until it is stopped.
    Analysis,
    /// The looking through finished games for missed mates: nobody waits for it.
    Background,
}

/// What the broker does next to carry the schedule out.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Step {
    /// Send the request with this id to the worker, which is ready for it.
    Send(u32),
    /// Replace the worker: it runs a request that is no longer wanted or that a more urgent
    /// one pre-empts. The fresh worker says when it is ready (`Schedule::ready`).
    Restart,
}

struct Entry<T> {
    id: u32,
    priority: Priority,
    job: T,
}

/// The worker as the schedule knows it.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Worker {
    /// None yet, or one that must go: it runs what is no longer wanted, or failed.
    Stale,
    /// A fresh one loads; it says when it is ready.
    Starting,
    /// Started: it runs the running request, if there is one, else it waits.
    Ready,
}

/// The requests the broker holds, each with the broker's `job` for it: the one the worker runs
/// and those waiting. Ids grow with time, so among equally urgent requests the oldest goes
/// first, a pre-empted one too.
pub struct Schedule<T> {
    worker: Worker,
    running: Option<Entry<T>>,
    /// In the order they go to the worker: by priority, then id.
    waiting: Vec<Entry<T>>,
    /// Whether a worker is kept started with nothing to do, ready for the first request.
    warm: bool,
}

impl<T> Default for Schedule<T> {
    fn default() -> Schedule<T> {
        Schedule { worker: Worker::Stale, running: None, waiting: Vec::new(), warm: true }
    }
}

impl<T> Schedule<T> {
    /// Starts a worker only for a request: a page that may never ask (an embedded replay, a
    /// game of two people) spares the memory and the start of one per board.
    pub fn start_on_demand(&mut self) {
        self.warm = false;
    }

    /// Adds request `id`; carry out `next_step` after it.
    pub fn submit(&mut self, id: u32, priority: Priority, job: T) {
        self.wait(Entry { id, priority, job });
    }

    fn wait(&mut self, entry: Entry<T>) {
        let at = self.waiting.partition_point(|e| (e.priority, e.id) < (entry.priority, entry.id));
        self.waiting.insert(at, entry);
    }

    /// The request the worker runs, and its job.
    pub fn running(&self) -> Option<(u32, &T)> {
        self.running.as_ref().map(|e| (e.id, &e.job))
    }

    /// Drops request `id`; carry out `next_step` after it (a running one takes its worker with it).
    pub fn cancel(&mut self, id: u32) {
        if self.running.as_ref().is_some_and(|e| e.id == id) {
            self.running = None;
            self.worker = Worker::Stale;
        }
        self.waiting.retain(|e| e.id != id);
    }

    /// The running request has its last answer, and its job is done; carry out `next_step` after it.
    pub fn finish_running(&mut self) -> Option<T> {
        self.running.take().map(|e| e.job)
    }

    /// The fresh worker has started.
    pub fn ready(&mut self) {
        self.worker = Worker::Ready;
    }

    /// The worker failed, and with it the request it ran (returned); carry out `next_step` after it.
    pub fn lose_worker(&mut self) -> Option<T> {
        self.worker = Worker::Stale;
        self.finish_running()
    }

    /// Every request, running and waiting, with its id: no worker can be started for them.
    pub fn drain(&mut self) -> Vec<(u32, T)> {
        self.running.take().into_iter().chain(self.waiting.drain(..)).map(|e| (e.id, e.job)).collect()
    }

    /// Whether the running request is open-ended: it ends only when its worker is replaced.
    pub fn running_open_ended(&self) -> bool {
        self.running.as_ref().is_some_and(|e| e.priority == Priority::Analysis)
    }

    /// Sends the running request again to a fresh worker (one given what the old one lacked);
    /// carry out `next_step` after it.
    pub fn restart_running(&mut self) {
        if let Some(running) = self.running.take() {
            self.wait(running);
            self.worker = Worker::Stale;
        }
    }

    /// What to do now, if anything: replace a worker that runs a pre-empted request (it waits
    /// again) or none wanted, or send the most urgent request to a worker free for it.
    pub fn next_step(&mut self) -> Option<Step> {
        if let Some(running) = &self.running {
            if self.waiting.first().is_none_or(|e| e.priority >= running.priority) {
                return None;
            }
            self.restart_running();
        }
        match self.worker {
            Worker::Stale if !self.warm && self.waiting.is_empty() => None,
            Worker::Stale => {
                self.worker = Worker::Starting;
                Some(Step::Restart)
            }
            Worker::Starting => None,
            Worker::Ready if self.waiting.is_empty() => None,
            Worker::Ready => {
                let entry = self.waiting.remove(0);
                let id = entry.id;
                self.running = Some(entry);
                Some(Step::Send(id))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A schedule whose first worker has started, with `requests` submitted.
    fn started(requests: &[(u32, Priority, &'static str)]) -> Schedule<&'static str> {
        let mut s = Schedule::default();
        assert_eq!(s.next_step(), Some(Step::Restart), "the first worker starts");
        assert_eq!(s.next_step(), None);
        s.ready();
        for &(id, priority, job) in requests {
            s.submit(id, priority, job);
        }
        s
    }

    #[test]
    fn started_on_demand_a_worker_waits_for_a_request_and_is_not_replaced_for_nothing() {
        let mut s = Schedule::default();
        s.start_on_demand();
        assert_eq!(s.next_step(), None, "no worker before a request");
        s.submit(1, Priority::Suggestion, "hint");
        assert_eq!(s.next_step(), Some(Step::Restart));
        s.ready();
        assert_eq!(s.next_step(), Some(Step::Send(1)));
        s.cancel(1);
        assert_eq!(s.next_step(), None, "the cancelled one's worker goes, and no other starts");
        s.submit(2, Priority::Suggestion, "hint");
        assert_eq!(s.next_step(), Some(Step::Restart));
    }

    #[test]
    fn the_most_urgent_waiting_request_goes_first_and_equals_in_order() {
        let mut s = started(&[
            (1, Priority::Analysis, "analysis"),
            (2, Priority::Background, "scan"),
            (3, Priority::Solver, "judge"),
            (4, Priority::Solver, "hint"),
        ]);
        for (id, job) in [(3, "judge"), (4, "hint"), (1, "analysis"), (2, "scan")] {
            assert_eq!(s.next_step(), Some(Step::Send(id)));
            assert_eq!(s.next_step(), None, "one request at a time");
            assert_eq!(s.finish_running(), Some(job));
        }
        assert_eq!(s.next_step(), None);
    }

    #[test]
    fn a_more_urgent_request_pre_empts_the_running_one_which_is_sent_again_after() {
        let mut s = started(&[(1, Priority::Background, "scan")]);
        assert_eq!(s.next_step(), Some(Step::Send(1)));
        // As urgent or less: it waits its turn.
        s.submit(2, Priority::Background, "another scan");
        assert_eq!(s.next_step(), None);
        s.submit(3, Priority::Play, "move");
        assert_eq!(s.next_step(), Some(Step::Restart));
        assert_eq!(s.next_step(), None, "nothing is sent until the fresh worker is ready");
        s.ready();
        assert_eq!(s.next_step(), Some(Step::Send(3)));
        assert_eq!(s.running(), Some((3, &"move")));
        s.finish_running();
        // The pre-empted request keeps its place before the later one of its priority.
        assert_eq!(s.next_step(), Some(Step::Send(1)));
    }

    #[test]
    fn an_open_ended_request_restarted_is_sent_again_to_a_fresh_worker() {
        let mut s = started(&[(1, Priority::Analysis, "analysis"), (2, Priority::Background, "scan")]);
        assert_eq!(s.next_step(), Some(Step::Send(1)));
        assert!(s.running_open_ended());
        s.restart_running();
        assert_eq!(s.next_step(), Some(Step::Restart));
        s.ready();
        assert_eq!(s.next_step(), Some(Step::Send(1)), "before the less urgent scan");
        s.finish_running();
        assert_eq!(s.next_step(), Some(Step::Send(2)));
        assert!(!s.running_open_ended(), "a scan ends by itself");
    }

    #[test]
    fn a_cancelled_request_is_dropped_and_a_running_one_takes_its_worker_with_it() {
        let mut s =
            started(&[(1, Priority::Play, "move"), (2, Priority::Solver, "judge"), (3, Priority::Review, "step")]);
        assert_eq!(s.next_step(), Some(Step::Send(1)));
        s.cancel(3);
        s.cancel(1);
        assert_eq!(s.running(), None);
        assert_eq!(s.next_step(), Some(Step::Restart));
        s.ready();
        assert_eq!(s.next_step(), Some(Step::Send(2)));
        assert_eq!(s.finish_running(), Some("judge"), "the cancelled review step is not sent");
        assert_eq!(s.next_step(), None, "the fresh worker waits, ready");
        // Cancelling what is not there changes nothing.
        s.cancel(9);
        assert_eq!(s.next_step(), None);
    }

    #[test]
    fn a_lost_worker_loses_only_its_request_and_a_worker_that_cannot_start_loses_all() {
        let mut s = started(&[(1, Priority::Suggestion, "threat"), (2, Priority::Analysis, "analysis")]);
        assert_eq!(s.next_step(), Some(Step::Send(1)));
        assert_eq!(s.lose_worker(), Some("threat"));
        assert_eq!(s.next_step(), Some(Step::Restart));
        s.ready();
        assert_eq!(s.next_step(), Some(Step::Send(2)));
        s.submit(3, Priority::Background, "scan");
        assert_eq!(s.drain(), vec![(2, "analysis"), (3, "scan")]);
        assert_eq!(s.next_step(), None);
    }
}
