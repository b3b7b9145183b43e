//! A TCP pass-through on loopback that a test can cut and restore: while it is cut, every
//! connection it has carried is dropped and new ones are closed as soon as they arrive, as a
//! crashed or unreachable server looks to its clients. Used to take a real server (the S3
//! store) away from the service and give it back without restarting either.

use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// A running pass-through to one address.
pub struct Proxy {
    /// `127.0.0.1:<port>`, where clients connect.
    pub addr: String,
    up: Arc<AtomicBool>,
    /// Every open pair, so cutting can close them; each stays until the process ends.
    open: Arc<Mutex<Vec<TcpStream>>>,
    refused: Arc<AtomicU64>,
}

impl Proxy {
    /// Starts passing connections through to `target` (`host:port`).
    pub fn start(target: &str) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let (up, open) = (Arc::new(AtomicBool::new(true)), Arc::new(Mutex::new(Vec::new())));
        let refused = Arc::new(AtomicU64::new(0));
        let (target, flag, streams, count) = (target.to_string(), up.clone(), open.clone(), Arc::clone(&refused));
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if !flag.load(Ordering::SeqCst) {
                    let _ = client.shutdown(Shutdown::Both);
                    count.fetch_add(1, Ordering::SeqCst);
                    continue;
                }
                let Ok(server) = TcpStream::connect(&target) else {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                };
                for (from, to) in [(&client, &server), (&server, &client)] {
                    let (mut from, mut to) = (from.try_clone().unwrap(), to.try_clone().unwrap());
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Write);
                    });
                }
                streams.lock().unwrap().extend([client, server]);
            }
        });
        Proxy { addr, up, open, refused }
    }

    /// Cuts every connection and refuses new ones until [`Proxy::restore`].
    pub fn cut(&self) {
        self.up.store(false, Ordering::SeqCst);
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    /// Passes connections through again.
    pub fn restore(&self) {
        self.up.store(true, Ordering::SeqCst);
    }

    /// Connections closed on arrival while cut: proof the service tried.
    pub fn refused(&self) -> u64 {
        self.refused.load(Ordering::SeqCst)
    }
}
