//! The engine's Web Worker: the messages page and worker exchange, and the worker's loop.
