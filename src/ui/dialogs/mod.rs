//! The panels over the page: promotion, game over, new game, the guide, the games list,
//! records and problems. Views: import `ui::model`, `ui::text`, the app's parts
//! (`ui::play`, `ui::settings`, `ui::computer`, `ui::persistence`, `ui::state`), `ui::board` and
//! `ui::panels` (the result line and worded notices they share).

pub mod confirm;
pub mod game;
pub mod games;
pub mod guide;
pub mod lessons;
pub mod modal;
pub mod problems;
pub mod records;
pub mod time_control;
