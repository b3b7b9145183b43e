//! Stopping what a test started and everything it started in turn. A helper that starts
//! processes of its own (nginx's workers, a WebDriver's browser) runs in a process group of its
//! own and is stopped with its group: asked first, so it can stop its children as it means to,
//! then the whole group by force, so nothing outlives the test even when it fails.

use std::os::unix::process::CommandExt;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `command`, to be started in a process group of its own (led by the process it starts).
pub fn own_group(command: &mut Command) -> &mut Command {
    command.process_group(0)
}

/// Stops `child`, started with [`own_group`], and every process of its group: SIGTERM, up to
/// `grace` for it to exit, then SIGKILL to the group, whatever happened.
pub fn stop_group(child: &mut Child, grace: Duration) {
    let group = format!("-{}", child.id());
    signal("TERM", &group);
    let deadline = Instant::now() + grace;
    while Instant::now() < deadline && !matches!(child.try_wait(), Ok(Some(_))) {
        std::thread::sleep(Duration::from_millis(20));
    }
    signal("KILL", &group);
    let _ = child.wait();
}

fn signal(name: &str, target: &str) {
    let _ = Command::new("kill").args(["-s", name, "--", target]).stderr(Stdio::null()).status();
}
