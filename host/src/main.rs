//! The `asset-host` binary: everything lives in the library; see `asset_host::cli`.

fn main() -> std::process::ExitCode {
    asset_host::cli::main()
}
