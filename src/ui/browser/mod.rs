//! The browser's services, knowing nothing of the app's state or views: the engine worker's
//! broker, local storage, files fetched on first use, the Japanese fonts' faces, and messages
//! to a host page. Import only `ui::model`, `ui::text` and the worker's messages.

pub mod embed;
pub mod engine;
pub mod files;
pub mod fonts;
pub mod sound;
pub mod storage;
