//! End to end: a hint's links stepped in the real player in a pseudo-terminal.
//! Messages wrap in the panel, so the screen is searched for single words.

#[path = "common/session.rs"]
mod session;

use session::{END, ESC, Session};

/// Digits only; the next step (Auto candidates) is an XY-Wing of five links.
const XY_WING: &str =
    "384729561265341789971.8.43219..632...5387219..2.19.3...42.3..15.1..5.62353.21..47";
const RIGHT: &str = "\x1b[C";
const HOME: &str = "\x1b[H";

#[test]
fn a_hint_at_its_explanation_steps_its_links_with_the_arrows() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", XY_WING], data.path());
    session.wait_for("Filled  57/81");
    session.keys("H");
    session.wait_for("more)");
    session.keys("H");
    session.wait_for("explanation)");
    session.keys("H");
    session.wait_for("Hints   1");
    session.wait_for("links;");
    session.keys(RIGHT);
    session.wait_for("Link 1 of 5");
    session.wait_for("(strong");
    session.wait_for("← → links");
    session.keys(RIGHT);
    session.wait_for("Link 2 of 5");
    session.wait_for("(weak");
    session.keys(END);
    session.wait_for("Link 5 of 5");
    session.keys(HOME);
    session.wait_for("Link 1 of 5");
    session.keys(ESC);
    session.wait_gone("Link 1 of 5");
    session.keys("q");
    assert!(session.wait_exit().success());
}
