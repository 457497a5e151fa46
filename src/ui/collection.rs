//! The collection of mating problems, fetched from `problems.txt` when first wanted (the
//! service worker keeps it for offline use). Provided through context.

use std::sync::Arc;

use leptos::prelude::*;

use super::browser::files;
use crate::tsume::{parse_problems, Problem};

/// The collection as fetched: its problems, or why they could not be had.
pub type Fetched = Result<Arc<Vec<Problem>>, String>;

#[derive(Clone, Copy)]
pub struct Collection {
    /// `None` until fetched.
    pub fetched: RwSignal<Option<Fetched>>,
}

impl Default for Collection {
    fn default() -> Collection {
        Collection { fetched: RwSignal::new(None) }
    }
}

impl Collection {
    /// What the page provided (`start_page` does, before any view is built).
    pub fn get() -> Collection {
        expect_context::<Collection>()
    }

    /// Fetches the collection, once (again after a failure).
    pub fn load(&self) {
        if self.fetched.with_untracked(|c| c.as_ref().is_some_and(Result::is_ok)) {
            return;
        }
        let fetched = self.fetched;
        fetched.set(None);
        leptos::task::spawn_local(async move {
            fetched.set(Some(fetch().await));
        });
    }

    /// Problem `index`, once fetched.
    pub fn problem(&self, index: usize) -> Option<Problem> {
        self.fetched.with_untracked(|c| match c {
            Some(Ok(problems)) => problems.get(index).cloned(),
            _ => None,
        })
    }

    /// How many problems there are (none until fetched).
    pub fn count(&self) -> usize {
        self.fetched.with(|c| c.as_ref().and_then(|c| c.as_ref().ok()).map_or(0, |p| p.len()))
    }
}

/// Fetches and reads `problems.txt`.
async fn fetch() -> Fetched {
    let text = files::text("problems.txt").await?;
    parse_problems(&text).map(Arc::new).map_err(|e| e.to_string())
}
