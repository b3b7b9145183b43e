//! Stopping what a test started and everything it started in turn. A helper that starts
//! processes of its own (nginx's workers, a WebDriver's browser) runs in a process group of its
//! own and is stopped with its group: asked first, so it can stop its children as it means to,
//! then the whole group by force, so nothing outlives the test even when it fails. And a test
//! that must be the only one in its process runs in a process of its own.

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

/// Starts the tests' Python stand-in `script` (a path under `tests/`) with `args` and waits for
/// its one line `listening on <port>`: the child (stdin piped, so the caller may hold it) and
/// the port. `what` names it when it does not start.
pub fn python_stand_in(script: &str, args: &[&str], what: &str) -> (Child, u16) {
    let python = std::env::var("ASSET_TEST_PYTHON").unwrap_or_else(|_| "python3".into());
    let mut child = Command::new(python)
        .arg(format!("{}/{script}", env!("CARGO_MANIFEST_DIR")))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{what} starts (ASSET_TEST_PYTHON): {e}"));
    let mut line = String::new();
    std::io::BufRead::read_line(&mut std::io::BufReader::new(child.stdout.take().expect("stdout")), &mut line)
        .expect("its port");
    let port = line.trim().strip_prefix("listening on ").and_then(|p| p.parse().ok());
    (child, port.unwrap_or_else(|| panic!("{what}: {line:?}")))
}

/// Whether the calling test runs here: in a process of its own, as tests that move the
/// service's clock (`store::set_clock_offset`) must, since that clock is one per process and
/// libtest runs other tests beside them in the same one. In the test binary's process this
/// starts the binary again for the calling test alone, waits for it, fails as it failed and
/// answers false (the caller returns); in that process it answers true.
pub fn alone() -> bool {
    const ALONE: &str = "ASSET_TEST_ALONE";
    if std::env::var_os(ALONE).is_some() {
        return true;
    }
    let thread = std::thread::current();
    let name = thread.name().filter(|n| *n != "main").expect("libtest names each test's thread after it");
    let out = Command::new(std::env::current_exe().expect("the test binary"))
        .args([name, "--exact"])
        .env(ALONE, name)
        .stdin(Stdio::null())
        .output()
        .expect("the test binary starts again");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.contains("test result: ok. 1 passed"),
        "{name}, run alone:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    false
}
