//! The page's mode (SPEC §4 `mode=`), which decides what a person may do on the board.

named_enum! {
    /// What the page is for (SPEC §4 `mode=`).
    #[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
    pub enum Mode {
        #[default]
        Play = "play",
        /// Only the board and move navigation; no moves are made.
        View = "view",
        Edit = "edit",
        /// A mating problem: the side to move attacks, the solver defends (`model/problems.rs`).
        Problem = "problem",
        /// A lesson's level: the learner plays sente towards the level's goal (`model/lessons.rs`).
        Lesson = "lesson",
    }
}

impl Mode {
    /// Whether a person moves pieces in this mode (in a problem, the attacker's; in a lesson, sente's).
    pub fn takes_moves(self) -> bool {
        matches!(self, Mode::Play | Mode::Problem | Mode::Lesson)
    }
}
