//! Sandboxes for tests, compiling through the tests' shared compile cache as servers do: what
//! the tests check is calls, not compiles (the cache itself is checked in `sandbox` with a
//! folder of its own).

use asset_host::plugins::{HostServices, Sandbox};

/// A sandbox with `services`, its compiled components kept in `asset_tests::plugin_cache()`.
pub fn cached(services: HostServices) -> Sandbox {
    Sandbox::new(Some(asset_tests::plugin_cache()), services).unwrap()
}
