//! The app's values, tested natively: the analysis and game review, the game at the table, the saved-game format, record
//! transfer, URL parameters, engine levels, move text, typed moves, reach, keys, host
//! events, notices. No browser types and no views; imports `rules`, `notation`, `engine`
//! types, `ui::text` and `ui::model` itself, never `ui::state` or a view.

pub mod analysis;
pub mod branches;
pub mod clock;
pub mod data_file;
pub mod events;
pub mod guide;
pub mod keys;
pub mod lesson_id;
pub mod lessons;
pub mod levels;
pub mod mode;
pub mod movetext;
pub mod names;
pub mod notice;
pub mod params;
pub mod problems;
pub mod reach;
pub mod remark;
pub mod review;
pub mod saved;
pub mod slide;
pub mod sound;
pub mod table;
pub mod thinking;
pub mod threat;
pub mod transfer;
pub mod typed;
