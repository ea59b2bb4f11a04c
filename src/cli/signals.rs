//! Ending a batch cleanly on SIGINT, SIGTERM or SIGHUP.
//!
//! The first such signal only sets a flag, which the batch reads after each
//! record it writes: it then flushes the whole records written so far and
//! exits with 128 + the signal number (130, 143, 129), as a shell reports a
//! program the signal killed. A second signal, for a batch stuck in one long
//! search or waiting for input, ends the program at once with that status.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

#[cfg(unix)]
use signal_hook::consts::SIGHUP;
use signal_hook::consts::{SIGINT, SIGTERM};

/// The signal received, or 0.
static PENDING: AtomicUsize = AtomicUsize::new(0);
/// Set by the first signal: the second ends the program at once.
static ARMED: AtomicBool = AtomicBool::new(false);

/// The signals that end a batch.
#[cfg(unix)]
const SIGNALS: [i32; 3] = [SIGINT, SIGTERM, SIGHUP];
#[cfg(not(unix))]
const SIGNALS: [i32; 2] = [SIGINT, SIGTERM];

/// Catches the signals for the rest of the run. Where they cannot be
/// caught, they keep their default action.
pub fn catch() {
    for signal in SIGNALS {
        // The abrupt shutdown must be registered first: it looks at the flag
        // before the first signal sets it.
        let _ = signal_hook::flag::register_conditional_shutdown(signal, 128 + signal, &ARMED);
        let _ = signal_hook::flag::register(signal, &ARMED);
        let _ = signal_hook::flag::register_usize(signal, &PENDING, signal as usize);
    }
}

/// Whether a signal came.
pub fn caught() -> bool {
    PENDING.load(Ordering::SeqCst) != 0
}

/// When a signal came: ends `out`, whose records are whole, with `footer`
/// (the end of an HTML page; empty in the other formats), flushes it and
/// exits with 128 + the signal number.
pub fn end_if_caught(out: &mut impl Write, footer: &[u8]) {
    let signal = PENDING.load(Ordering::SeqCst);
    if signal != 0 {
        let _ = out.write_all(footer);
        let _ = out.flush();
        std::process::exit(128 + signal as i32);
    }
}
