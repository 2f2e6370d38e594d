//! The learning keys end to end, seen on the screen of the real binary in a
//! pseudo-terminal: `w` (why not), `a` (audit, its kinds styled on the board)
//! and `F` (the first wrong move, then the rewind), and the replay view.

#[path = "common/session.rs"]
mod session;

use session::{EASY, ESC, Session, cell_middle};

// EASY's first row solves as 4 8 3 9 2 1 6 5 7; r1c1 is selected at the start.

#[test]
fn why_key_names_the_given_that_rules_a_digit_out() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    session.keys("w");
    session.wait_for("Why can't which digit go in r1c1?");
    session.keys("3");
    session.wait_for("r1c1 sees the 3 in r1c3 (row 1).");
    session.keys("w");
    session.keys("4");
    session.wait_for("4 may go in r1c1: nothing rules it out.");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn audit_key_names_a_missing_mark_and_shows_it_reversed_on_the_board() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    // Manual marks; r1c1 marked 5 only (its 4 missing), then the selection moves off.
    session.keys("c");
    session.wait_for("Candidates: Manual");
    session.keys("p");
    session.keys("5");
    session.keys("p");
    session.keys("j");
    session.keys("a");
    session.wait_for("1 missing (first: r1c1 lacks");
    // The candidate 4 sits in the middle row's left spot of the cell, drawn reversed.
    let (y, x) = cell_middle(1, 1);
    let (cell, text) = {
        let parser = session.screen.lock().unwrap();
        let cell = parser.screen().cell(y, x - 2).cloned().unwrap();
        (cell, parser.screen().contents())
    };
    assert_eq!(cell.contents(), "4", "{text}");
    assert!(cell.inverse(), "the missing 4 is reversed:\n{text}");
    session.keys(ESC);
    session.wait_gone("1 missing");
    session.keys("q");
    assert!(session.wait_exit().success());
}

#[test]
fn first_wrong_key_finds_a_struck_solution_digit_rewinds_and_the_replay_walks_it() {
    let data = tempfile::tempdir().unwrap();
    let mut session = Session::start(&["play", EASY], data.path());
    session.wait_for("Filled  32/81");
    // Move 1: r1c1=4 (right). Move 2: strike 8 from r1c2 (its solution). Move 3: r1c4=9.
    session.keys("4");
    session.wait_for("Filled  33/81");
    session.keys("l");
    session.keys("p");
    session.keys("8");
    session.keys("p");
    session.keys("l");
    session.keys("l");
    session.keys("9");
    session.wait_for("Filled  34/81");
    session.keys("F");
    session.wait_for("Move 2: you struck 8 from r1c2;");
    session.wait_for("1 move was made since on top");
    session.wait_for("Cell    r1c2");
    session.keys("F");
    session.wait_for("Rewound to just before move 2");
    session.wait_for("Filled  33/81");
    session.keys("u");
    session.wait_for("Filled  34/81");

    session.keys("R");
    session.wait_for("Start: 3 moves");
    session.keys("\x1b[C");
    session.wait_for("Move 1 of 3");
    session.wait_for("r1c1=4:");
    session.keys("G");
    session.wait_for("Summary");
    session.wait_for("First wrong move.");
    session.keys(ESC);
    session.wait_gone("Summary");
    session.wait_for("Filled  34/81");
    session.keys("q");
    assert!(session.wait_exit().success());
}
