//! The board and the hands as drawn (SVG), how a person moves pieces on them (clicks,
//! drags, keys, focus), and the position editor whose palette acts on the board. Views:
//! import `ui::model`, `ui::text`, the app's parts
//! (`ui::play`, `ui::settings`, `ui::computer`, `ui::persistence`, `ui::state`) and `ui::board` itself.

pub mod clock;
pub mod drag;
pub mod editor;
pub mod focus;
pub mod geometry;
pub mod hands;
pub mod piece;
pub mod slide;
pub mod view;
