//! The engine worker as a service that knows nothing of the app: it starts the worker,
//! queues requests until the worker says it is ready, hands every other reply to the one
//! listener, and stops a search by terminating the worker (a fresh one takes over), so the
//! page never waits on a search.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{MessageEvent, Worker};

use crate::worker::{Reply, Request};

/// What the service tells its listener.
pub enum EngineEvent {
    /// A reply to a request (never `Reply::Ready`, which the service handles).
    Reply(Reply),
    /// A message from the worker that does not decode, with the reason.
    Unreadable(String),
    /// The browser refused to start the worker.
    CannotStart,
    /// The worker failed (it is gone; the next request starts a fresh one).
    Failed,
    /// A fresh worker took over: the requests the old one had not answered are lost.
    Restarted,
}

type Listener = Rc<dyn Fn(EngineEvent)>;

struct Bridge {
    worker: Worker,
    ready: bool,
    queue: Vec<String>,
    /// Kept alive with the worker it listens to.
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(web_sys::Event)>,
}

thread_local! {
    static BRIDGE: RefCell<Option<Bridge>> = const { RefCell::new(None) };
    static LISTENER: RefCell<Option<Listener>> = const { RefCell::new(None) };
}

fn tell(event: EngineEvent) {
    if let Some(listener) = LISTENER.with(|l| l.borrow().clone()) {
        listener(event);
    }
}

/// Sets who hears the engine, and starts the worker unless it runs already: the page calls
/// it as it starts, so the worker is ready by the first request.
pub fn connect(listener: impl Fn(EngineEvent) + 'static) {
    LISTENER.with(|l| *l.borrow_mut() = Some(Rc::new(listener)));
    if BRIDGE.with(|b| b.borrow().is_none()) {
        restart();
    }
}

/// Starts a fresh worker, terminating any running one (and with it its search).
pub fn restart() {
    let worker = match Worker::new("./worker_loader.js") {
        Ok(w) => w,
        Err(_) => return tell(EngineEvent::CannotStart),
    };
    let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |ev: MessageEvent| {
        match Reply::decode(&ev.data().as_string().unwrap_or_default()) {
            Ok(Reply::Ready) => flush_queue(),
            Ok(reply) => tell(EngineEvent::Reply(reply)),
            Err(e) => tell(EngineEvent::Unreadable(e.to_string())),
        }
    });
    let on_error = Closure::<dyn FnMut(web_sys::Event)>::new(move |_| tell(EngineEvent::Failed));
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    let old = BRIDGE.with(|b| {
        b.borrow_mut().replace(Bridge {
            worker,
            ready: false,
            queue: Vec::new(),
            _on_message: on_message,
            _on_error: on_error,
        })
    });
    if let Some(old) = old {
        // Messages the old worker already posted may still be queued: unhook the handlers
        // before their closures are dropped with it.
        old.worker.set_onmessage(None);
        old.worker.set_onerror(None);
        old.worker.terminate();
        tell(EngineEvent::Restarted);
    }
}

fn flush_queue() {
    BRIDGE.with(|b| {
        if let Some(bridge) = b.borrow_mut().as_mut() {
            bridge.ready = true;
            for text in bridge.queue.drain(..) {
                let _ = bridge.worker.post_message(&text.into());
            }
        }
    });
}

/// Sends a request, starting the worker if need be; it waits in a queue until the worker is ready.
pub fn send(request: &Request) {
    let text = request.encode();
    if BRIDGE.with(|b| b.borrow().is_none()) {
        restart();
    }
    BRIDGE.with(|b| {
        if let Some(bridge) = b.borrow_mut().as_mut() {
            if bridge.ready {
                let _ = bridge.worker.post_message(&text.into());
            } else {
                bridge.queue.push(text);
            }
        }
    });
}
