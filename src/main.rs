//! The `tengen` binary.

fn main() {
    println!("tengen {}", env!("CARGO_PKG_VERSION"));
}
