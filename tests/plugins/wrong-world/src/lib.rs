//! A valid component of the wrong world. The host must reject it at upload: it exports no
//! `describe` or `generate`.

wit_bindgen::generate!({ path: "wit", world: "other" });

struct Other;

impl Guest for Other {
    fn run() -> String {
        "I am not a generator".into()
    }
}

export!(Other);
