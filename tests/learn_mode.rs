//! Learn mode: the traced run driven and rendered without a terminal, and learn
//! mode inside the player (it opens on the position, leaves it untouched, or
//! keeps its digits). Split from tests/trace.rs to keep files under 600 lines.

use pencilmark::engine::Grid;
use pencilmark::engine::parse;

/// Norvig's first top95 puzzle: hard for a solver without hidden singles.
const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
/// An easy puzzle (Project Euler 96, grid 01): singles alone solve it.
const EASY: &str =
    "003020600900305001001806400008102900700000008006708200002609500800203009005010300";

fn grid(text: &str) -> Grid {
    parse::parse_line(text, 1).expect("test puzzle parses")
}

// Learn mode, driven and rendered without a terminal.

mod learn {
    use std::time::Duration;

    use pencilmark::app::action::Action;
    use pencilmark::app::keymap::keymap;
    use pencilmark::app::learn::{LearnAction, LearnRun, LearnState};
    use pencilmark::app::state::{Game, State};
    use pencilmark::app::ui::{self, BoardSize, Layout};
    use pencilmark::app::update::update;
    use pencilmark::engine::board::Board;
    use pencilmark::engine::trace::{Order, Rules, Settings};
    use pencilmark::engine::{Cell, Digit};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::buffer::Buffer;
    use ratatui::crossterm::event::{KeyCode, KeyEvent};
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier};

    use super::{HARD, grid};

    /// The player on `puzzle` with learn mode open (not graded: learn mode needs no grade).
    fn learning(puzzle: &str) -> State {
        let mut state = State::new(Game::with_grade(grid(puzzle), "", None));
        update(&mut state, Action::Learn);
        state
    }

    fn learn(state: &State) -> &LearnState {
        state.learn.as_deref().expect("learn mode is open")
    }

    /// The classic run learn mode steps through.
    fn run(state: &State) -> &LearnRun<Board> {
        learn(state).run_on::<Board>().expect("a classic run")
    }

    fn step(state: &mut State, action: LearnAction) {
        update(state, Action::LearnStep(action));
    }

    /// A key through the player's one key table.
    fn press(state: &mut State, code: KeyCode) {
        if let Some(action) = keymap(KeyEvent::from(code), state) {
            update(state, action);
        }
    }

    fn draw(state: &State, width: u16, height: u16) -> Buffer {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
        terminal
            .draw(|frame| ui::render(state, frame))
            .expect("draws");
        terminal.backend().buffer().clone()
    }

    fn screen(state: &State, width: u16, height: u16) -> String {
        let buffer = draw(state, width, height);
        (0..height)
            .map(|y| {
                (0..width)
                    .map(|x| buffer[(x, y)].symbol().to_string())
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn keys_step_forward_and_back_and_leave_without_changes() {
        let mut state = learning(HARD);
        let before = state.game.position.clone();
        for _ in 0..3 {
            press(&mut state, KeyCode::Char(' '));
        }
        press(&mut state, KeyCode::Char('n'));
        assert_eq!(run(&state).cursor().shown(), 4);
        let after_four = run(&state).cursor().clone();
        press(&mut state, KeyCode::Char('n'));
        press(&mut state, KeyCode::Char('b'));
        assert_eq!(*run(&state).cursor(), after_four);
        press(&mut state, KeyCode::Char('k'));
        assert!(
            state.learn.is_some(),
            "mid-run there is no solution to keep"
        );
        assert_eq!(*run(&state).start(), before.digits());
        press(&mut state, KeyCode::Esc);
        assert!(state.learn.is_none(), "Esc leaves learn mode");
        assert_eq!(state.game.position, before, "and the board is as it was");
    }

    #[test]
    fn toggles_switch_rules_and_order_and_start_over() {
        let mut state = learning(HARD);
        step(&mut state, LearnAction::Next);
        press(&mut state, KeyCode::Char('u'));
        assert_eq!(run(&state).settings().rules, Rules::Peers);
        assert_eq!(run(&state).cursor().shown(), 0);
        press(&mut state, KeyCode::Char('o'));
        let learn = run(&state);
        assert_eq!(
            learn.settings(),
            Settings {
                rules: Rules::Peers,
                order: Order::RowMajor
            }
        );
        assert_eq!(learn.recording().settings(), learn.settings());
        assert_eq!(learn.comparison().len(), 4);
    }

    #[test]
    fn auto_run_advances_with_time_at_the_chosen_speed() {
        let mut state = learning(HARD);
        press(&mut state, KeyCode::Char('r'));
        assert!(learn(&state).is_running());
        let speed = learn(&state).speed();
        update(&mut state, Action::Tick(1_000));
        assert_eq!(run(&state).cursor().shown(), speed as usize);
        press(&mut state, KeyCode::Char('+'));
        assert!(learn(&state).speed() > speed);
        press(&mut state, KeyCode::Char('-'));
        press(&mut state, KeyCode::Char('-'));
        assert!(learn(&state).speed() < speed);
        press(&mut state, KeyCode::Char('r'));
        assert!(!learn(&state).is_running());
        let shown = run(&state).cursor().shown();
        update(&mut state, Action::Tick(5_000));
        assert_eq!(
            run(&state).cursor().shown(),
            shown,
            "paused runs do not move"
        );
        press(&mut state, KeyCode::End);
        press(&mut state, KeyCode::Char('r'));
        assert!(!learn(&state).is_running(), "nothing to run at the end");
        let mut alone = LearnState::new(&grid(HARD), Settings::default());
        alone.update(LearnAction::ToggleRun);
        alone.tick(Duration::from_secs(1));
        assert_eq!(alone.shown(), speed as usize, "the component alone");
    }

    #[test]
    fn view_highlights_the_source_cell_and_struck_candidates() {
        for color in [true, false] {
            let mut state = learning(HARD);
            state.color = color;
            step(&mut state, LearnAction::Next);
            step(&mut state, LearnAction::Next);
            // Event 2: "eliminate 4 from r1c2, ... (peers of r1c1)".
            let area = Rect::new(0, 0, 120, 45);
            let Layout::Board { size, board, .. } = Layout::with_panel(
                area,
                pencilmark::engine::geometry::Geometry::classic(),
                ui::learn::PANEL_MIN,
            ) else {
                panic!("120x45 has a board");
            };
            assert_eq!(size, BoardSize::Large, "the player's large board");
            let buffer = draw(&state, area.width, area.height);
            let at = |name: &str, dx: u16, dy: u16| {
                let inner = size.cell_rect(board, Cell::parse(name).unwrap());
                buffer[(inner.x + dx, inner.y + dy)].clone()
            };
            let (digit_x, digit_y) = size.digit_spot();
            let given = at("r1c1", digit_x + 1, digit_y);
            assert_eq!(given.symbol(), "4", "r1c1 shows its given");
            let (x4, y4) = size.candidate_spot(Digit::new(4)).unwrap();
            let struck = at("r1c2", x4, y4);
            assert_eq!(struck.symbol(), "4", "r1c2's struck 4 is still drawn");
            assert!(struck.modifier.contains(Modifier::CROSSED_OUT));
            let (x2, y2) = size.candidate_spot(Digit::new(2)).unwrap();
            let untouched = at("r1c2", x2, y2);
            assert_eq!(untouched.symbol(), "2", "r1c2 keeps its 2");
            assert!(!untouched.modifier.contains(Modifier::CROSSED_OUT));
            if color {
                assert_eq!(given.bg, Color::Blue, "the source cell is highlighted");
                assert_eq!(untouched.bg, Color::Reset);
            } else {
                assert!(given.modifier.contains(Modifier::REVERSED));
                assert!(!untouched.modifier.contains(Modifier::REVERSED));
                assert_eq!(struck.fg, Color::Reset, "no colour without colour");
            }
        }
    }

    #[test]
    fn the_learn_board_has_the_players_labels_at_every_layout() {
        let mut state = learning(HARD);
        step(&mut state, LearnAction::Next);
        for (width, height) in [(80, 24), (100, 38), (120, 45), (80, 50)] {
            let text = screen(&state, width, height);
            let lines: Vec<&str> = text.lines().collect();
            let top = lines
                .iter()
                .find(|l| l.contains('┏'))
                .unwrap_or_else(|| panic!("{width}x{height} draws the board:\n{text}"));
            let labels: String = top.chars().filter(char::is_ascii_digit).collect();
            assert_eq!(labels, "123456789", "column labels at {width}x{height}");
            assert!(
                lines
                    .iter()
                    .any(|l| l.trim_start().starts_with("9 ") || l.trim_start().starts_with("9┃")),
                "row labels at {width}x{height}:\n{text}"
            );
            assert!(text.contains("Event 1 of"), "{width}x{height}:\n{text}");
            assert!(
                text.contains("? keys"),
                "the footer at {width}x{height}:\n{text}"
            );
        }
    }

    #[test]
    fn learn_mode_at_80x24_snapshot() {
        let mut state = learning(HARD);
        step(&mut state, LearnAction::Next);
        step(&mut state, LearnAction::Next);
        let text: Vec<String> = screen(&state, 80, 24)
            .lines()
            .map(|line| line.trim_end().to_string())
            .collect();
        insta::assert_snapshot!("learn_80x24", text.join("\n"));
    }

    #[test]
    fn view_never_panics_at_any_size() {
        let mut state = learning(HARD);
        for shown in [0, 2, 300] {
            step(&mut state, LearnAction::Restart);
            for _ in 0..shown {
                step(&mut state, LearnAction::Next);
            }
            for width in (1..130).step_by(7) {
                for height in (1..50).step_by(5) {
                    screen(&state, width, height);
                }
            }
        }
    }

    #[test]
    fn comparison_marks_a_setting_that_hit_the_limit() {
        // top95 #71: peers only in row-major order takes about 7 million events.
        let slow =
            ".8...4.5....7..3............1..85...6.....2......4....3.26............417........";
        let mut state = learning(slow);
        let stopped = run(&state).comparison()[3];
        assert_eq!(stopped.ending, pencilmark::engine::trace::Ending::Stopped);
        assert!(run(&state).comparison()[0].solution().is_some());
        step(&mut state, LearnAction::ToEnd);
        let end = screen(&state, 120, 45);
        assert!(end.contains("+ stopped after 2000000 events"), "{end}");
    }

    #[test]
    fn view_shows_the_event_path_counts_and_comparison() {
        let mut state = learning(HARD);
        let start = screen(&state, 120, 45);
        assert!(start.contains("Press Space"), "{start}");
        step(&mut state, LearnAction::Next);
        step(&mut state, LearnAction::Next);
        let text = screen(&state, 120, 45);
        assert!(text.contains("eliminate 4 from r1c2"), "{text}");
        assert!(text.contains("Event 2 of"), "{text}");
        assert!(!text.contains("All four settings"));
        while run(&state)
            .recording()
            .event(run(&state).cursor().shown())
            .is_some_and(|r| r.depth < 2)
        {
            step(&mut state, LearnAction::Next);
        }
        step(&mut state, LearnAction::Next);
        let deep = screen(&state, 120, 45);
        assert!(deep.contains("Path (depth 2): r"), "{deep}");
        assert!(deep.contains(" > r"), "{deep}");
        assert!(!deep.contains("k keep"), "nothing to keep mid-run: {deep}");
        step(&mut state, LearnAction::ToEnd);
        let end = screen(&state, 120, 45);
        assert!(end.contains("solved: every cell has a digit"), "{end}");
        assert!(end.contains("All four settings"), "{end}");
        assert!(
            end.contains("k keep"),
            "keep is offered at a solved end: {end}"
        );
        for setting in Settings::ALL {
            assert!(end.contains(&setting.to_string()), "{setting} row: {end}");
        }
        let small = screen(&state, 80, 24);
        assert!(
            small.contains("solved"),
            "the compact board keeps the panel: {small}"
        );
        for setting in Settings::ALL {
            assert!(
                small.contains(&setting.to_string()),
                "at 80x24 spacing gives way to the {setting} row: {small}"
            );
        }
    }

    #[test]
    fn the_readme_lists_every_key_of_learn_mode() {
        use pencilmark::app::keymap::{BINDINGS, Context, Key};
        let readme =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
        let start = readme.find("### Learn mode").expect("a Learn mode section");
        let section = &readme[start..start + readme[start..].find("\n## ").unwrap()];
        for binding in BINDINGS.iter().filter(|b| b.context == Context::Learn) {
            for key in binding.keys.iter() {
                let shown = match key {
                    Key::Char(' ') => "Space".to_string(),
                    Key::Char(c) => format!("`{c}`"),
                    other => other.label(),
                };
                assert!(
                    section.contains(&shown),
                    "the learn key table lacks {shown}"
                );
            }
        }
    }

    #[test]
    fn question_mark_shows_learn_modes_keys_and_esc_goes_back_to_learn_mode() {
        let mut state = learning(HARD);
        press(&mut state, KeyCode::Char('?'));
        let help = screen(&state, 80, 24);
        assert!(help.contains("Keys: learn mode"), "{help}");
        assert!(help.contains("next event"), "{help}");
        press(&mut state, KeyCode::Esc);
        assert!(state.learn.is_some(), "Esc closes the help, not learn mode");
        assert!(!screen(&state, 80, 24).contains("Keys: learn mode"));
        assert_eq!(
            keymap(KeyEvent::from(KeyCode::Char('q')), &state),
            Some(Action::Quit)
        );
    }
}

// Learn mode inside the player: it opens on the position, leaves it untouched, or keeps its digits.

mod player {
    use pencilmark::app::action::Action;
    use pencilmark::app::learn::LearnAction;
    use pencilmark::app::state::{Game, State};
    use pencilmark::app::update::update;

    use super::{EASY, grid};

    fn new_state() -> State {
        State::new(Game::new(grid(EASY), "Project Euler 96, grid 01"))
    }

    #[test]
    fn esc_leaves_learn_mode_with_the_game_as_it_was() {
        let mut state = new_state();
        let before = state.game.position.clone();
        update(&mut state, Action::Learn);
        let learn = state.learn.as_ref().expect("learn mode is open");
        assert_eq!(
            *learn
                .run_on::<pencilmark::engine::board::Board>()
                .unwrap()
                .start(),
            before.digits(),
            "it starts from the player's digits"
        );
        update(&mut state, Action::LearnStep(LearnAction::ToEnd));
        update(&mut state, Action::LearnStep(LearnAction::Leave));
        assert!(state.learn.is_none());
        assert_eq!(state.game.position, before);
        assert!(state.game.undo.is_empty());
    }

    #[test]
    fn keeping_the_result_is_one_undoable_move_and_not_the_players_win() {
        let mut state = new_state();
        update(&mut state, Action::Learn);
        update(&mut state, Action::LearnStep(LearnAction::ToEnd));
        update(&mut state, Action::LearnStep(LearnAction::Keep));
        assert!(state.learn.is_none());
        assert_eq!(
            Some(state.game.position.digits()),
            state.game.classic_solution()
        );
        assert!(state.game.finished && state.game.solved_by_computer);
        assert!(
            !state.game.counted,
            "a board the engine filled is not counted"
        );
        update(&mut state, Action::Undo);
        assert_eq!(state.game.position.digits(), grid(EASY));
    }

    #[test]
    fn learn_mode_ticks_with_the_clock_while_running() {
        let mut state = new_state();
        update(&mut state, Action::Learn);
        update(&mut state, Action::LearnStep(LearnAction::ToggleRun));
        update(&mut state, Action::Tick(1_000));
        let learn = state.learn.as_ref().expect("learn mode is open");
        assert_eq!(learn.shown(), learn.speed() as usize);
    }
}
