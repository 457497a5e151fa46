//! Views whose code is not in the page's first download. A view that a first game does not
//! need is wrapped in a `#[lazy]` function beside it (Leptos's `lazy`, from `wasm_split`):
//! the build (`.ci/split-app.sh`) cuts that function, and all the code only it reaches, out
//! of the app's wasm into a file of its own, which the page fetches the first time the
//! function is called (the service worker has it precached, so offline too).
//!
//! Making another view lazy takes two steps: beside the view,
//! `#[lazy] pub fn thing_on_demand() -> AnyView { thing().into_any() }`; where it is placed,
//! `on_first_use(move || <it is wanted>, thing_on_demand)` instead of `thing()`.
//! A view a mode's arm builds (`Suspend::new(thing_on_demand())`) is built again when the
//! mode is set again, and the old one is still updated until the new one's code has come:
//! it owns no signal (a memo of its own would be disposed of by then), as a lesson's panel.

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;

/// A lazy view's loading, as `on_first_use` keeps it.
type Load = Box<dyn Fn() -> Pin<Box<dyn Future<Output = AnyView> + Send>> + Send + Sync>;

/// The view `load` gives, from the first time `wanted` is true: until then nothing is fetched
/// and nothing drawn; then the view's code loads (a few milliseconds) and the view takes its
/// place, and stays, doing whatever it does itself (a dialog still hides when it is closed).
pub fn on_first_use<Fut>(
    wanted: impl Fn() -> bool + Send + Sync + 'static,
    load: impl Fn() -> Fut + Send + Sync + 'static,
) -> AnyView
where
    Fut: Future<Output = AnyView> + Send + 'static,
{
    // Boxed, so that one body serves every lazy view: built for each caller's closures, it
    // cost the page 1.2 KB of wasm per view (issue 28).
    first_use(Box::new(wanted), Box::new(move || Box::pin(load())))
}

fn first_use(wanted: Box<dyn Fn() -> bool + Send + Sync>, load: Load) -> AnyView {
    let wanted_once = Memo::new(move |before: Option<&bool>| before.copied().unwrap_or(false) || wanted());
    (move || wanted_once.get().then(|| Suspend::new(load()))).into_any()
}
