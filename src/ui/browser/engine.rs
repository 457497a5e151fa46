//! The engine worker's one owner, a broker that knows nothing of the app: a part of the page
//! that wants the engine submits a request with its `Priority` and a callback, and gets the
//! request's id, its ticket to cancel it. The worker answers one request at a time and stops
//! only by being terminated, so the broker keeps a `worker::Schedule`: the most urgent request
//! goes first; one more urgent than the request running pre-empts it (a fresh worker takes
//! over, and the pre-empted request is sent again once the worker is free: an analysis simply
//! resumes); cancelling the running request replaces the worker too. Every reply goes to the
//! callback of the request it answers; a request that will get no answer (the worker failed on
//! it, or cannot start) is answered `Reply::Error`, so no part waits forever.
//! The broker also gives each worker the learned evaluation's weights, fetched a second after
//! the engine has first answered (or begun an analysis), so that they never delay the page's
//! first load or the engine's first move.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker, WorkerOptions, WorkerType};

use super::files;
pub use crate::worker::Priority;
use crate::worker::{Reply, Request, Schedule, Step};

/// The learned evaluation's weights, beside the page (`engine::learned::WEIGHTS_FILE`).
const LEARNED_EVAL_FILE: &str = "learned-eval.bin";

/// How long after the engine's first answer the weights are fetched: the page has drawn that
/// answer and settled by then.
const LEARNED_EVAL_DELAY: std::time::Duration = std::time::Duration::from_secs(1);

/// What the page as a whole hears of the engine (each part hears of its own requests).
pub enum Trouble {
    /// The worker could not read a request (the reason).
    Refused(String),
    /// A message from the worker that does not decode, with the reason.
    Unreadable(String),
    /// The browser refused to start the worker.
    CannotStart,
    /// The worker failed (a fresh one takes over).
    Failed,
    /// The learned evaluation could not be had (the reason): the engine plays with its
    /// built-in evaluation. Said once.
    NoLearnedEval(String),
}

/// Where the learned evaluation's weights are.
enum Learned {
    NotFetched,
    Fetching,
    /// Sent to each worker as it starts.
    Fetched(js_sys::ArrayBuffer),
    Unavailable,
}

/// A submitted request, as the broker keeps it.
struct Job {
    /// Writes the request under its id, as it is to be sent now (a pre-empted request is sent
    /// again). It must not call the broker.
    make: Box<dyn Fn(u32) -> Request>,
    on_reply: Rc<dyn Fn(Reply)>,
}

impl Job {
    fn lost(self, id: u32, reason: &str) {
        (self.on_reply)(Reply::Error { id, reason: reason.to_string() });
    }
}

struct Bridge {
    worker: Worker,
    /// Kept alive with the worker they listen to.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

struct Broker {
    schedule: Schedule<Job>,
    bridge: Option<Bridge>,
    next_id: u32,
    on_trouble: Option<Rc<dyn Fn(Trouble)>>,
    learned: Learned,
}

impl Broker {
    /// Gives the worker the learned evaluation, if fetched (the worker uses it from its next
    /// request on).
    fn send_learned(&self) {
        if let (Learned::Fetched(weights), Some(bridge)) = (&self.learned, &self.bridge) {
            let _ = bridge.worker.post_message(weights);
        }
    }
}

thread_local! {
    static BROKER: RefCell<Broker> = RefCell::new(Broker {
        schedule: Schedule::default(),
        bridge: None,
        next_id: 1,
        on_trouble: None,
        learned: Learned::NotFetched,
    });
}

/// Runs `f` on the broker. Callbacks are called outside it, as they may submit or cancel.
fn with<R>(f: impl FnOnce(&mut Broker) -> R) -> R {
    BROKER.with(|b| f(&mut b.borrow_mut()))
}

fn tell(trouble: Trouble) {
    if let Some(on_trouble) = with(|b| b.on_trouble.clone()) {
        on_trouble(trouble);
    }
}

/// Sets who hears of the engine's troubles, and starts the worker when `warm`: the page calls
/// it as it starts, so the worker is ready by the first request. Otherwise the first request
/// starts it.
pub fn connect(on_trouble: impl Fn(Trouble) + 'static, warm: bool) {
    with(|b| {
        b.on_trouble = Some(Rc::new(on_trouble));
        if !warm {
            b.schedule.start_on_demand();
        }
    });
    carry_out();
}

/// Submits the request `make` writes under its id, and returns the id: `on_reply` hears each
/// reply to it (reports, then the last one) unless it is cancelled first.
pub fn submit(priority: Priority, make: impl Fn(u32) -> Request + 'static, on_reply: impl Fn(Reply) + 'static) -> u32 {
    let id = with(|b| {
        let id = b.next_id;
        b.next_id += 1;
        b.schedule.submit(id, priority, Job { make: Box::new(make), on_reply: Rc::new(on_reply) });
        id
    });
    carry_out();
    id
}

/// Drops request `id`: its callback hears nothing more, and a worker running it is replaced.
pub fn cancel(id: u32) {
    with(|b| b.schedule.cancel(id));
    carry_out();
}

/// Takes the schedule's steps until it waits for the worker.
fn carry_out() {
    while let Some(step) = with(|b| b.schedule.next_step()) {
        match step {
            Step::Send(id) => with(|b| {
                let (Some(bridge), Some((_, job))) = (&b.bridge, b.schedule.running()) else { return };
                let _ = bridge.worker.post_message(&(job.make)(id).encode().into());
            }),
            Step::Restart => {
                if start_worker().is_err() {
                    return cannot_start();
                }
            }
        }
    }
}

/// No worker: every request is answered as lost (after the task that submitted it has kept
/// its id), and the next request tries again.
fn cannot_start() {
    let lost = with(|b| {
        let lost = b.schedule.drain();
        b.schedule.lose_worker();
        lost
    });
    leptos::prelude::set_timeout(
        move || {
            tell(Trouble::CannotStart);
            for (id, job) in lost {
                job.lost(id, "the engine cannot start");
            }
        },
        std::time::Duration::ZERO,
    );
}

/// Starts a fresh worker in place of the running one, which is terminated with its request.
fn start_worker() -> Result<(), JsValue> {
    // A module worker: the engine's glue imports the loader of its split files.
    let options = WorkerOptions::new();
    options.set_type(WorkerType::Module);
    let worker = Worker::new_with_options("./worker_loader.js", &options)?;
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        match Reply::decode(&ev.data().as_string().unwrap_or_default()) {
            Ok(Reply::Ready) => with(|b| {
                b.schedule.ready();
                b.send_learned();
            }),
            Ok(Reply::WeightsRefused { reason }) => learned_unavailable(reason),
            Ok(reply) => {
                let first_answer = with(|b| {
                    let first = matches!(b.learned, Learned::NotFetched)
                        && (reply.is_last() || b.schedule.running_open_ended());
                    if first {
                        b.learned = Learned::Fetching;
                    }
                    first
                });
                hand_on(reply);
                if first_answer {
                    leptos::prelude::set_timeout(fetch_learned, LEARNED_EVAL_DELAY);
                }
            }
            Err(e) => lose_running(Trouble::Unreadable(e.to_string())),
        }
        carry_out();
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| {
        // A worker that fails with no request running could not start (its script did not
        // load, say): another started at once would fail alike, so the next request tries.
        if with(|b| b.schedule.running().is_none()) {
            return cannot_start();
        }
        lose_running(Trouble::Failed);
        carry_out();
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let bridge = Bridge { worker, _on_message: on_message, _on_error: on_error };
    if let Some(old) = with(|b| b.bridge.replace(bridge)) {
        // Messages the old worker already posted may still be queued: unhook the handlers
        // before their closures are dropped with it.
        old.worker.set_onmessage(None);
        old.worker.set_onerror(None);
        old.worker.terminate();
    }
    Ok(())
}

/// Hands a reply to the callback of the running request (the only one the worker answers;
/// a request it could not read is answered with id 0).
fn hand_on(reply: Reply) {
    if let Reply::Error { reason, .. } = &reply {
        tell(Trouble::Refused(reason.clone()));
    }
    let on_reply = with(|b| {
        let (id, job) = b.schedule.running()?;
        if reply.id() != Some(id) && !matches!(reply, Reply::Error { id: 0, .. }) {
            return None;
        }
        let on_reply = job.on_reply.clone();
        if reply.is_last() {
            b.schedule.finish_running();
        }
        Some(on_reply)
    });
    if let Some(on_reply) = on_reply {
        on_reply(reply);
    }
}

/// The worker can no longer be trusted with the running request: it is answered as lost,
/// and a fresh worker takes the rest.
fn lose_running(trouble: Trouble) {
    let lost = with(|b| {
        let id = b.schedule.running().map(|(id, _)| id);
        id.zip(b.schedule.lose_worker())
    });
    let reason = match &trouble {
        Trouble::Unreadable(reason) => reason.clone(),
        _ => "the engine stopped".to_string(),
    };
    tell(trouble);
    if let Some((id, job)) = lost {
        job.lost(id, &reason);
    }
}

/// Fetches the learned evaluation, then gives it to the worker: a worker running an analysis
/// (which never ends by itself) is replaced to take it up at once.
fn fetch_learned() {
    wasm_bindgen_futures::spawn_local(async {
        match files::bytes(LEARNED_EVAL_FILE).await {
            Ok(weights) => {
                with(|b| {
                    b.learned = Learned::Fetched(weights);
                    if b.schedule.running_open_ended() {
                        b.schedule.restart_running();
                    } else {
                        b.send_learned();
                    }
                });
                carry_out();
            }
            Err(reason) => learned_unavailable(reason),
        }
    });
}

fn learned_unavailable(reason: String) {
    with(|b| b.learned = Learned::Unavailable);
    tell(Trouble::NoLearnedEval(reason));
}
