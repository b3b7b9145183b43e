//! The components built from `plugins/` (every crate of that workspace, the template and the
//! shared guest library's, if any, among them), as `(crate name, component bytes)`, sorted.

include!(concat!(env!("OUT_DIR"), "/builtins.rs"));
