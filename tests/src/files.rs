//! A loopback HTTPS file server for tests of features that download user-given https URLs:
//! a fresh self-signed certificate for 127.0.0.1 (its PEM is handed to the service as an extra
//! trusted root), files served from memory by path, nothing else.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_rustls::rustls;

/// A running server; it stops with the test process.
pub struct Files {
    /// `https://127.0.0.1:<port>`
    pub base: String,
    /// The certificate, PEM, to trust.
    pub ca_pem: String,
    /// Requests received so far (whatever their path).
    pub requests: Arc<AtomicUsize>,
}

impl Files {
    /// How many requests the server has received.
    pub fn requests(&self) -> usize {
        self.requests.load(Ordering::SeqCst)
    }
}

/// Serves `files` (path → bytes) over HTTPS on loopback.
pub fn serve(files: HashMap<String, Vec<u8>>) -> Files {
    let key = rcgen::KeyPair::generate().expect("key");
    let params = rcgen::CertificateParams::new(vec!["127.0.0.1".to_string()]).expect("params");
    let cert = params.self_signed(&key).expect("certificate");
    let ca_pem = cert.pem();
    let config = rustls::ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
        .with_safe_default_protocol_versions()
        .expect("protocols")
        .with_no_client_auth()
        .with_single_cert(vec![cert.der().clone()], rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()))
        .expect("server config");
    let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("port");
    listener.set_nonblocking(true).expect("non-blocking");
    let base = format!("https://{}", listener.local_addr().expect("address"));
    let files = Arc::new(files);
    let requests = Arc::new(AtomicUsize::new(0));
    let counter = requests.clone();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).expect("listener");
            loop {
                let Ok((stream, _)) = listener.accept().await else { continue };
                let (acceptor, files, counter) = (acceptor.clone(), files.clone(), counter.clone());
                tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(stream).await else { return };
                    let mut request = Vec::new();
                    let mut buf = [0u8; 4096];
                    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                        match tls.read(&mut buf).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => request.extend_from_slice(&buf[..n]),
                        }
                    }
                    counter.fetch_add(1, Ordering::SeqCst);
                    let line = String::from_utf8_lossy(&request);
                    let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
                    let (status, body) = match files.get(&path) {
                        Some(bytes) => ("200 OK", bytes.as_slice()),
                        None => ("404 Not Found", &b"not found"[..]),
                    };
                    let head =
                        format!("HTTP/1.1 {status}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n", body.len());
                    let _ = tls.write_all(head.as_bytes()).await;
                    let _ = tls.write_all(body).await;
                    let _ = tls.shutdown().await;
                });
            }
        });
    });
    Files { base, ca_pem, requests }
}
