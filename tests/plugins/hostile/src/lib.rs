//! A generator that misbehaves on request; the input names the misbehaviour. Its sample input
//! ("ok") behaves, so it passes validation like any plugin could. What the host must answer:
//!
//! | input       | does                                   | host answers                          |
//! |-------------|----------------------------------------|---------------------------------------|
//! | `ok`        | returns one block                      | the content                           |
//! | `loop`      | spins forever                          | timeout or out-of-fuel, host serving  |
//! | `memory`    | allocates 1 MiB blocks without end     | out-of-memory                         |
//! | `recursion` | recurses without end                   | a trap (stack overflow)               |
//! | `huge`      | returns 8 MiB of text                  | invalid output (over the cap)         |
//! | `trap`      | executes `unreachable`                 | a trap                                |
//! | `panic`     | panics                                 | a trap                                |
//! | `file`      | reads /etc/passwd                      | the read fails: generator error       |
//! | `env`       | reads environment variables            | none exist: generator error           |
//! | `socket`    | connects to 127.0.0.1:5432             | the connect fails: generator error    |
//! | `quota`     | calls `host.complete` 10 times         | quota-exceeded after the quota        |
//! | `chatty`    | writes 1 MiB to stdout                 | output captured and capped; content   |
//! | `fetch URL` | asks the host to summarise URL         | the summary, or the guard's refusal   |
//! | `complete P`| asks the host's model about P          | the answer, or `unavailable`          |
//! | `bad schema`| asks for JSON with a schema that is not | `rejected`                            |

use std::io::Write;

use guest::{Capability, Content, GenerateError, Guest, Manifest, Request, block, host};

struct Hostile;

#[inline(never)]
#[allow(unconditional_recursion)]
fn recurse(depth: u64) -> u64 {
    let local = [depth; 16];
    std::hint::black_box(&local);
    recurse(depth + 1) + local[3]
}

impl Guest for Hostile {
    fn describe() -> Manifest {
        Manifest {
            name: "hostile".into(),
            version: "1.0.0".into(),
            description: "Misbehaves on request, for the sandbox tests.".into(),
            tasks: vec!["meme".into()],
            kinds: Vec::new(),
            languages: vec!["en".into()],
            capabilities: vec![Capability::Completion, Capability::FetchSummary],
            sample_input: guest::sample("meme", None, "ok"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        // Output within the byte cap but not in shape: thousands of pictures, one huge text.
        match request.input.as_str() {
            "cards" => {
                let blocks = (0..5000).map(|i| block("card", format!("{i}"))).collect();
                return Ok(Content { title: "hostile".into(), blocks, tags: Vec::new() });
            }
            "wide" => {
                let blocks = vec![block("result", "w".repeat(20_000))];
                return Ok(Content { title: "hostile".into(), blocks, tags: Vec::new() });
            }
            _ => {}
        }
        let text = match request.input.as_str() {
            "ok" => "fine".to_string(),
            "loop" => {
                let mut x = 0u64;
                loop {
                    x = std::hint::black_box(x.wrapping_add(1));
                }
            }
            "memory" => {
                let mut hoard: Vec<Vec<u8>> = Vec::new();
                loop {
                    hoard.push(vec![1u8; 1 << 20]);
                    std::hint::black_box(&hoard);
                }
            }
            "recursion" => recurse(0).to_string(),
            "huge" => "x".repeat(8 << 20),
            "trap" => core::arch::wasm32::unreachable(),
            "panic" => panic!("hostile panic"),
            "file" => match std::fs::read_to_string("/etc/passwd") {
                Ok(contents) => contents,
                Err(e) => return Err(GenerateError::Internal(format!("file read failed: {e}"))),
            },
            "env" => {
                let vars: Vec<String> = std::env::vars().map(|(k, v)| format!("{k}={v}")).collect();
                if vars.is_empty() {
                    return Err(GenerateError::Internal("no environment".into()));
                }
                vars.join("\n")
            }
            "socket" => match std::net::TcpStream::connect("127.0.0.1:5432") {
                Ok(_) => "connected".to_string(),
                Err(e) => return Err(GenerateError::Internal(format!("connect failed: {e}"))),
            },
            "quota" => {
                let mut refused = 0;
                for _ in 0..10 {
                    let asked = host::complete(&host::CompletionRequest {
                        system: String::new(),
                        prompt: "hi".into(),
                        max_tokens: 5,
                        json_schema: None,
                    });
                    if let Err(host::HostError::QuotaExceeded(_)) = asked {
                        refused += 1;
                    }
                }
                format!("refused {refused}")
            }
            "chatty" => {
                let line = [b'y'; 1024];
                for _ in 0..1024 {
                    let _ = std::io::stdout().write_all(&line);
                }
                "said a lot".to_string()
            }
            other if other.starts_with("fetch ") => match host::fetch_summary(&other["fetch ".len()..]) {
                Ok(page) => format!("title: {}; description: {}; text: {}", page.title, page.description, page.text),
                Err(e) => format!("{e:?}"),
            },
            "bad schema" => {
                let asked = host::CompletionRequest {
                    system: String::new(),
                    prompt: "hi".into(),
                    max_tokens: 5,
                    json_schema: Some("{not a schema".into()),
                };
                format!("{:?}", host::complete(&asked))
            }
            other if other.starts_with("complete ") => {
                let asked = host::CompletionRequest {
                    system: "Be brief.".into(),
                    prompt: other["complete ".len()..].into(),
                    max_tokens: 20,
                    json_schema: None,
                };
                match host::complete(&asked) {
                    Ok(answer) => format!("answer: {answer}"),
                    Err(e) => format!("{e:?}"),
                }
            }
            other => return Err(GenerateError::InvalidInput(format!("unknown behaviour {other}"))),
        };
        Ok(Content { title: "hostile".into(), blocks: vec![block("result", text)], tags: Vec::new() })
    }
}

guest::export_generator!(Hostile);
