//! The browser's services, knowing nothing of the app's state or views: the engine worker,
//! local storage, and messages to a host page. Import only `ui::model` and `ui::text`.

pub mod embed;
pub mod engine;
pub mod storage;
