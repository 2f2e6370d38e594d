//! One key press of the player: `update` plus a full render of the 120x45 view
//! (and the 80x24 one) into ratatui's test backend.

use criterion::{Criterion, criterion_group, criterion_main};
use pencilmark::app::action::{Action, Direction};
use pencilmark::app::state::{Game, State};
use pencilmark::app::ui;
use pencilmark::app::update::update;
use pencilmark::puzzles;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn state() -> State {
    let named = puzzles::starter();
    let mut state = State::new(Game::new(named.givens, &named.name));
    // A hint on show, so the highlighting is exercised too.
    update(&mut state, Action::Hint);
    update(&mut state, Action::Hint);
    update(&mut state, Action::Hint);
    state
}

fn key_press(c: &mut Criterion) {
    for (width, height) in [(120u16, 45u16), (80, 24)] {
        let mut state = state();
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        c.bench_function(&format!("update+render {width}x{height}"), |b| {
            b.iter(|| {
                update(&mut state, Action::Move(Direction::Right));
                terminal
                    .draw(|frame| ui::render(&state, frame))
                    .expect("drawing into memory");
            })
        });
    }
    let mut state = state();
    let mut terminal = Terminal::new(TestBackend::new(120, 45)).unwrap();
    c.bench_function("place+undo+render 120x45", |b| {
        b.iter(|| {
            update(&mut state, Action::Select { row: 0, col: 0 });
            update(&mut state, Action::Digit(4));
            update(&mut state, Action::Undo);
            terminal
                .draw(|frame| ui::render(&state, frame))
                .expect("drawing into memory");
        })
    });
}

criterion_group!(benches, key_press);
criterion_main!(benches);
