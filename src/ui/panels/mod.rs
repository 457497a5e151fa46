//! The side panel and the page's strips: moves, clocks and buttons, the move box, notices,
//! the screen reader's live region. Views: import `ui::model`, `ui::text`, the app's parts
//! (`ui::play`, `ui::settings`, `ui::computer`, `ui::persistence`, `ui::state`) and
//! `ui::board` (piece drawings).

pub mod analysis;
pub mod entry;
pub mod lesson;
pub mod live;
pub mod names;
pub mod notices;
pub mod panel;
pub mod problem;
pub mod review;
pub mod variations;
