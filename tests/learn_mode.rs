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

    use pencilmark::app::learn::{LearnAction, LearnExit, LearnState};
    use pencilmark::engine::trace::{Order, Rules, Settings};
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::crossterm::event::{KeyCode, KeyEvent};
    use ratatui::style::{Color, Modifier};

    use super::{HARD, grid};

    fn press(learn: &mut LearnState, code: KeyCode) -> LearnExit {
        learn.handle_key(KeyEvent::from(code))
    }

    fn screen(learn: &LearnState, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test terminal");
        terminal
            .draw(|frame| frame.render_widget(learn, frame.area()))
            .expect("draws");
        let buffer = terminal.backend().buffer();
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
        let givens = grid(HARD);
        let mut learn = LearnState::new(&givens, Settings::default());
        for _ in 0..3 {
            assert_eq!(press(&mut learn, KeyCode::Char(' ')), LearnExit::Stay);
        }
        press(&mut learn, KeyCode::Char('n'));
        assert_eq!(learn.cursor().shown(), 4);
        let after_four = learn.cursor().clone();
        press(&mut learn, KeyCode::Char('n'));
        press(&mut learn, KeyCode::Char('b'));
        assert_eq!(*learn.cursor(), after_four);
        assert_eq!(press(&mut learn, KeyCode::Esc), LearnExit::Leave);
        assert_eq!(
            press(&mut learn, KeyCode::Char('k')),
            LearnExit::Stay,
            "mid-run there is no solution to keep"
        );
        assert_eq!(
            *learn.start(),
            givens,
            "learn mode keeps the position it started from"
        );
    }

    #[test]
    fn toggles_switch_rules_and_order_and_start_over() {
        let mut learn = LearnState::new(&grid(HARD), Settings::default());
        learn.update(LearnAction::Next);
        press(&mut learn, KeyCode::Char('u'));
        assert_eq!(learn.settings().rules, Rules::Peers);
        assert_eq!(learn.cursor().shown(), 0);
        press(&mut learn, KeyCode::Char('o'));
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
        let mut learn = LearnState::new(&grid(HARD), Settings::default());
        press(&mut learn, KeyCode::Char('r'));
        assert!(learn.is_running());
        let speed = learn.speed();
        learn.tick(Duration::from_secs(1));
        assert_eq!(learn.cursor().shown(), speed as usize);
        press(&mut learn, KeyCode::Char('+'));
        assert!(learn.speed() > speed);
        press(&mut learn, KeyCode::Char('-'));
        press(&mut learn, KeyCode::Char('-'));
        assert!(learn.speed() < speed);
        press(&mut learn, KeyCode::Char('r'));
        assert!(!learn.is_running());
        let shown = learn.cursor().shown();
        learn.tick(Duration::from_secs(5));
        assert_eq!(learn.cursor().shown(), shown, "paused runs do not move");
        learn.update(LearnAction::ToEnd);
        press(&mut learn, KeyCode::Char('r'));
        assert!(!learn.is_running(), "nothing to run at the end");
    }

    #[test]
    fn view_highlights_the_source_cell_and_struck_candidates() {
        for color in [true, false] {
            let mut learn = LearnState::new(&grid(HARD), Settings::default()).with_color(color);
            learn.update(LearnAction::Next);
            learn.update(LearnAction::Next);
            // Event 2: "eliminate 4 from r1c2, ... (peers of r1c1)".
            let mut terminal = Terminal::new(TestBackend::new(110, 40)).expect("test terminal");
            terminal
                .draw(|frame| frame.render_widget(&learn, frame.area()))
                .expect("draws");
            let buffer = terminal.backend().buffer();
            // The full board: cell rNcM starts at column 1 + 8*(M-1), line 1 + 4*(N-1); digit d
            // sits at two columns per place within its 3x3 layout, one column in.
            let given = &buffer[(4u16, 2u16)];
            assert_eq!(given.symbol(), "4", "r1c1 shows its given");
            let struck = &buffer[(10u16, 2u16)];
            assert_eq!(struck.symbol(), "4", "r1c2's struck 4 is still drawn");
            assert!(struck.modifier.contains(Modifier::CROSSED_OUT));
            let untouched = &buffer[(12u16, 1u16)];
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
    fn view_never_panics_at_any_size() {
        let mut learn = LearnState::new(&grid(HARD), Settings::default());
        for shown in [0, 2, 300] {
            learn.update(LearnAction::Restart);
            for _ in 0..shown {
                learn.update(LearnAction::Next);
            }
            for width in (1..130).step_by(7) {
                for height in (1..50).step_by(5) {
                    screen(&learn, width, height);
                }
            }
        }
    }

    #[test]
    fn comparison_marks_a_setting_that_hit_the_limit() {
        // top95 #71: peers only in row-major order takes about 7 million events.
        let slow =
            ".8...4.5....7..3............1..85...6.....2......4....3.26............417........";
        let mut learn = LearnState::new(&grid(slow), Settings::default());
        let stopped = learn.comparison()[3];
        assert_eq!(stopped.ending, pencilmark::engine::trace::Ending::Stopped);
        assert!(learn.comparison()[0].solution().is_some());
        learn.update(LearnAction::ToEnd);
        let end = screen(&learn, 110, 36);
        assert!(end.contains("+ stopped after 2000000 events"), "{end}");
    }

    #[test]
    fn view_shows_the_event_path_counts_and_comparison() {
        let mut learn = LearnState::new(&grid(HARD), Settings::default());
        let start = screen(&learn, 110, 36);
        assert!(start.contains("Press Space"), "{start}");
        learn.update(LearnAction::Next);
        learn.update(LearnAction::Next);
        let text = screen(&learn, 110, 36);
        assert!(text.contains("eliminate 4 from r1c2"), "{text}");
        assert!(text.contains("Event 2 of"), "{text}");
        assert!(!text.contains("All four settings"));
        while learn
            .recording()
            .event(learn.cursor().shown())
            .is_some_and(|r| r.depth < 2)
        {
            learn.update(LearnAction::Next);
        }
        learn.update(LearnAction::Next);
        let deep = screen(&learn, 110, 36);
        assert!(deep.contains("Path (depth 2): r"), "{deep}");
        assert!(deep.contains(" > r"), "{deep}");
        learn.update(LearnAction::ToEnd);
        let end = screen(&learn, 110, 36);
        assert!(end.contains("solved: every cell has a digit"), "{end}");
        assert!(end.contains("All four settings"), "{end}");
        for setting in Settings::ALL {
            assert!(end.contains(&setting.to_string()), "{setting} row: {end}");
        }
        let small = screen(&learn, 90, 20);
        assert!(
            small.contains("solved"),
            "the compact board keeps the panel: {small}"
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
        let before = state.game.position;
        update(&mut state, Action::Learn);
        let learn = state.learn.as_ref().expect("learn mode is open");
        assert_eq!(
            *learn.start(),
            before.digits,
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
        assert_eq!(Some(state.game.position.digits), state.game.solution);
        assert!(state.game.finished && state.game.solved_by_computer);
        assert!(
            !state.game.counted,
            "a board the engine filled is not counted"
        );
        update(&mut state, Action::Undo);
        assert_eq!(state.game.position.digits, grid(EASY));
    }

    #[test]
    fn learn_mode_ticks_with_the_clock_while_running() {
        let mut state = new_state();
        update(&mut state, Action::Learn);
        update(&mut state, Action::LearnStep(LearnAction::ToggleRun));
        update(&mut state, Action::Tick(1_000));
        let learn = state.learn.as_ref().expect("learn mode is open");
        assert_eq!(learn.cursor().shown(), learn.speed() as usize);
    }
}
