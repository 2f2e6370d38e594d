//! The logic engine on typed-in positions (each technique where it applies and
//! where it must not), and the no-wrong-step sweep over many puzzles.

use std::path::PathBuf;

use pencilmark::engine::board::Contradiction;
use pencilmark::engine::grade::{self, Level};
use pencilmark::engine::hint::{self, Hint};
use pencilmark::engine::logic::{self, Step, Technique};
use pencilmark::engine::parse::{self, Marked};
use pencilmark::engine::types::Unit;
use pencilmark::engine::{Board, Candidates, Cell, Digit, Grid, search};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;

fn data_dir() -> Option<PathBuf> {
    common::shared("data/top95.txt").and_then(|_| common::shared("data"))
}

fn data_puzzles(file: &str, every: usize) -> Vec<Grid> {
    let Some(dir) = data_dir() else {
        return Vec::new();
    };
    let text = std::fs::read_to_string(dir.join(file)).expect("data file is readable");
    parse::parse_puzzles(&text)
        .into_iter()
        .filter_map(|(_, g)| g.ok())
        .step_by(every.max(1))
        .collect()
}

/// Prints, for each technique, a position from a grading path where it is the easiest step.
/// Run with `cargo test --test logic -- --ignored --nocapture` to regenerate the typed positions.
#[test]
#[ignore]
fn print_technique_positions() {
    let mut puzzles = data_puzzles("puzzles3_magictour_top1465", 1);
    puzzles.extend(data_puzzles("generated_qqwing_expert_1k.txt", 1));
    puzzles.extend(data_puzzles("top95.txt", 1));
    let mut seen = std::collections::BTreeSet::new();
    for givens in puzzles {
        let mut board = Board::with_auto_candidates(&givens);
        while let Some(step) = logic::find_step(&board) {
            if seen.insert(step.technique) {
                let cands: Vec<String> = Cell::all()
                    .map(|c| board.candidates(c).to_string())
                    .collect();
                println!(
                    "{}\t{}\t{}",
                    step.technique.key(),
                    board.digits().to_line(),
                    cands.join(" ")
                );
            }
            step.apply(&mut board);
        }
    }
}
/// Positions met while grading puzzles of the shared sets (placed digits, then
/// candidates), each where its technique is the easiest step. Regenerate with
/// `print_technique_positions`.
const POSITIONS: &[(&str, &str, &str)] = &[
    (
        "full_house",
        "3.784.......7...918.95.....4..3..7.....16.......25.....74...38..9.4..5...2.6.....",
        "3 16 7 8 4 1269 26 256 256 256 456 256 7 3 36 468 9 1 8 146 9 5 12 126 246 37 37 4 56 1256 3 89 89 7 1256 256 2579 38 25 1 6 47 289 2345 234589 1679 38 16 2 5 47 1689 1346 34689 156 7 4 9 129 1259 3 8 269 16 9 38 4 12378 1238 5 1267 267 15 2 38 6 13789 13589 19 147 479",
    ),
    (
        "hidden_single",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "4 12569 1256789 5789 3 15789 259 2567 25679 1237 12359 12579 6 12479 14579 8 2357 234579 23678 23569 256789 45789 24789 45789 23459 23567 1 1236 12346 1246 3478 5 134678 1234 9 23478 123 8 12459 3479 1479 13479 6 12357 23457 136 7 14569 2 14689 134689 1345 1358 3458 68 46 468 1 4689 2 7 3568 35689 5 126 3 789 6789 6789 129 4 2689 9 1246 124678 34578 4678 345678 1235 123568 23568",
    ),
    (
        "naked_single",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7......",
        "4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 1247 14579 8 2357 234579 23678 3569 268 45789 2478 45789 23459 23567 1 1236 346 1246 3478 5 134678 234 9 23478 123 8 12459 3479 147 13479 6 12357 23457 136 7 14569 2 1468 134689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 12 3 78 678 678 129 4 29 9 12 7 345 4 345 12 68 68",
    ),
    (
        "locked_candidates_pointing",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.7......",
        "4 12569 125689 5789 3 15789 259 2567 25679 1237 12359 1259 6 12479 14579 8 2357 234579 23678 23569 25689 45789 24789 45789 23459 23567 1 1236 12346 1246 3478 5 134678 1234 9 23478 123 8 12459 3479 1479 13479 6 12357 23457 136 7 14569 2 14689 134689 1345 1358 3458 68 46 468 1 4689 2 7 3568 35689 5 126 3 789 6789 6789 129 4 2689 9 1246 7 3458 468 34568 1235 123568 23568",
    ),
    (
        "locked_candidates_claiming",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7......",
        "4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 1247 14579 8 2357 234579 23678 3569 268 45789 2478 45789 23459 23567 1 1236 346 1246 3478 5 134678 1234 9 23478 123 8 12459 3479 147 13479 6 12357 23457 136 7 14569 2 1468 134689 1345 1358 3458 68 46 468 1 9 2 7 35 35 5 126 3 78 678 678 129 4 2689 9 126 7 3458 468 34568 12 1268 268",
    ),
    (
        "naked_pair",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7......",
        "4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 1247 14579 8 2357 234579 23678 3569 268 45789 2478 45789 23459 23567 1 1236 346 1246 3478 5 134678 1234 9 23478 123 8 12459 3479 147 13479 6 12357 23457 136 7 14569 2 1468 134689 1345 1358 3458 68 46 468 1 9 2 7 35 35 5 12 3 78 678 678 129 4 2689 9 12 7 3458 468 34568 12 1268 268",
    ),
    (
        "hidden_pair",
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9.7......",
        "4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 12479 14579 8 2357 234579 23678 3569 268 45789 24789 45789 23459 23567 1 1236 346 1246 3478 5 134678 1234 9 23478 123 8 12459 3479 1479 13479 6 12357 23457 136 7 14569 2 14689 134689 1345 1358 3458 68 46 468 1 469 2 7 356 3569 5 126 3 789 6789 6789 129 4 2689 9 1246 7 3458 468 34568 12 1268 268",
    ),
    (
        "naked_triple",
        "827..94139..3.....3...2....248..7..........52.15..2...5..2....6.7....8......9....",
        "8 2 7 56 56 9 4 1 3 9 56 14 3 1478 148 256 2678 578 3 56 14 1478 2 148 569 6789 5789 2 4 8 1569 1356 7 1369 369 19 67 39 39 1468 1468 1468 167 5 2 67 1 5 69 36 2 3679 48 48 5 389 39 2 1478 1348 13 347 6 14 7 26 146 146 13456 8 2349 1459 14 38 26 14678 9 134568 1235 2347 1457",
    ),
    (
        "hidden_triple",
        ".8..1......5....3.......4.....6.5.7.8931..2....73.....27....1.9..67........4.....",
        "34679 8 249 259 1 3467 567 2569 2567 14679 1246 5 289 4678 4678 678 3 12678 13679 1236 129 2589 35678 3678 4 125689 125678 14 124 124 6 89 5 389 7 38 8 9 3 1 47 47 2 56 56 56 56 7 3 289 289 89 14 14 2 7 48 58 3568 368 1 4568 9 13459 1345 6 7 2589 1289 358 2458 23458 1359 135 189 4 25689 12689 35678 2568 235678",
    ),
    (
        "naked_quad",
        "12......9.5..9.2.3........4.3.........18.........246......67.5...2.41.7.9........",
        "1 2 34678 34567 3578 3568 57 68 9 4678 5 4678 1467 9 68 2 168 3 3678 6789 36789 123567 13578 23568 57 168 4 245678 3 456789 1567 157 569 148 249 12578 24567 4679 1 8 357 3569 34 2349 257 578 789 5789 1357 2 4 6 39 1578 348 148 348 239 6 7 13489 5 128 35 68 2 359 4 1 39 7 68 9 1467 34567 235 358 2358 134 234 126",
    ),
    (
        "hidden_quad",
        "2.....9535.....8466.....721875...4191328495674695172383819..674726...195954761382",
        "2 14 78 16 78 46 9 5 3 5 19 37 12 2379 23 8 4 6 6 49 38 34 3589 3458 7 2 1 8 7 5 26 23 236 4 1 9 1 3 2 8 4 9 5 6 7 4 6 9 5 1 7 2 3 8 3 8 1 9 25 25 6 7 4 7 2 6 34 38 348 1 9 5 9 5 4 7 6 1 3 8 2",
    ),
    (
        "x_wing",
        "3..5..1...7.....8...8..4..66..4..9...3..6..5...7..16.48..1..3....3.2..6...2..9...",
        "3 2469 469 5 789 2678 1 2479 279 12459 7 14569 2369 139 236 245 8 2359 1259 1259 8 2379 1379 4 257 2379 6 6 1258 15 4 3578 23578 9 1237 12378 1249 3 149 2789 6 278 278 5 1278 259 2589 7 2389 3589 1 6 23 4 8 4569 4569 1 457 567 3 2479 2579 14579 1459 3 78 2 578 4578 6 15789 1457 1456 2 3678 34578 9 4578 147 1578",
    ),
    (
        "swordfish",
        "....3..715.74.2......7.....2..6..4.7.38.7....7.........7..8..1.6..5.72........7..",
        "489 24689 2469 89 3 5689 5689 7 1 5 1689 7 4 169 2 3689 3689 3689 1389 1689 1369 7 1569 15689 5689 24 24 2 159 159 6 159 38 4 38 7 149 3 8 129 7 1459 169 2569 2569 7 14569 14569 12389 12459 134589 1389 23589 23589 349 7 23459 239 8 3469 369 1 34569 6 1489 1349 5 149 7 2 3489 3489 13489 124589 123459 1239 12469 13469 7 345689 345689",
    ),
    (
        "jellyfish",
        ".....3...83.2..67..6......351...2.4.......35.47.5....87..4..83.342815.6.6..3.74.5",
        "129 259 47 1679 456789 3 125 89 124 8 3 59 2 59 14 6 7 14 129 6 47 179 45789 148 125 89 3 5 1 38 679 38 2 79 4 679 29 289 689 1679 46789 148 3 5 679 4 7 369 5 369 69 12 12 8 7 59 159 4 269 69 8 3 12 3 4 2 8 1 5 79 6 79 6 89 189 3 29 7 4 12 5",
    ),
    (
        "skyscraper",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
        "4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 127 14579 8 2357 234579 23678 3569 268 45789 278 45789 23459 23567 1 1236 346 1246 378 5 13678 23 9 2378 123 8 59 3479 17 13479 6 12357 23457 136 7 59 2 168 134689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 12 3 78 678 678 129 4 29 9 12 7 35 4 35 12 68 68",
    ),
    (
        "two_string_kite",
        "6.9.....8...7.1...4.1.......98.6...4.2.....3..3....5...1.5...7.8...9..........2..",
        "6 57 9 234 2345 2345 1347 1245 8 23 58 23 7 458 1 469 4569 569 4 578 1 69 2358 69 37 25 2357 157 9 8 123 6 2357 17 12 4 157 2 46 1489 1457 45789 16789 3 1679 17 3 46 12489 1247 24789 5 12689 12679 239 1 23 5 34 3468 34689 7 369 8 46 57 12346 9 23467 1346 1456 1356 39 46 57 13468 1347 34678 2 145689 13569",
    ),
    (
        "empty_rectangle",
        ".5.128.744..3.....2..4......1.7.4.8.9.....4...4....7...34....1.....4.2......5.64.",
        "36 5 369 1 2 8 39 7 4 4 789 1789 3 679 5679 1589 2569 25689 2 789 13789 4 679 5679 13589 3569 35689 356 1 2356 7 369 4 359 8 23569 9 2678 235678 2568 1368 26 4 2356 12356 3568 4 23568 25689 13689 269 7 23569 123569 568 3 4 2689 6789 2679 589 1 589 17 689 5689 689 4 13 2 359 35789 17 289 289 89 5 13 6 4 37",
    ),
    (
        "xy_wing",
        "567.9..3....861.4.1483759..62.148......7...8......9....1.9836.43..52..1.....172.3",
        "5 6 7 24 9 24 18 3 18 29 39 239 8 6 1 57 4 57 1 4 8 3 7 5 9 26 26 6 2 35 1 4 8 357 79 579 49 359 13459 7 35 26 1345 8 26 78 78 1345 26 35 9 1345 26 15 27 1 25 9 8 3 6 57 4 3 79 46 5 2 46 78 1 789 489 589 4569 46 1 7 2 59 3",
    ),
    (
        "xyz_wing",
        "14.3.....3..42.17828.91.4537..65.8..5..89.....187432.5...1.43..82153..464.32..5..",
        "1 4 57 3 78 578 69 269 29 3 569 569 4 2 56 1 7 8 2 8 67 9 1 67 4 5 3 7 39 24 6 5 12 8 139 149 5 36 24 8 9 12 67 136 147 69 1 8 7 4 3 2 69 5 69 5679 569 1 678 4 3 28 279 8 2 1 5 3 79 79 4 6 4 679 3 2 678 789 5 18 179",
    ),
    (
        "w_wing",
        "567.9..3..3.861.4.1483759..62.148......7...8......9....1.9836.43..52..1.....172.3",
        "5 6 7 24 9 24 18 3 18 29 3 29 8 6 1 57 4 57 1 4 8 3 7 5 9 26 26 6 2 35 1 4 8 357 79 579 49 59 13459 7 35 26 1345 8 26 78 78 1345 26 35 9 1345 26 15 27 1 25 9 8 3 6 57 4 3 79 46 5 2 46 78 1 789 48 589 4569 46 1 7 2 59 3",
    ),
    (
        "simple_colors_trap",
        "84......695..6..811.6.894..3.8.4..195.4...8.7.19...64.495271368681.3..72.3....1.4",
        "8 4 237 1357 125 2357 579 59 6 9 5 237 347 6 2347 27 8 1 1 27 6 57 8 9 4 23 35 3 67 8 567 4 2567 25 1 9 5 26 4 19 19 36 8 23 7 27 1 9 3578 25 23578 6 4 35 4 9 5 2 7 1 3 6 8 6 8 1 459 3 45 59 7 2 27 3 27 68 59 68 1 59 4",
    ),
    (
        "simple_colors_wrap",
        "864.2.9...954.6....1....4..9........5.8...2..621853794459....3...6.41.2.1.26...4.",
        "8 6 4 13 2 57 9 157 135 27 9 5 4 13 6 13 78 28 237 1 37 579 789 5789 4 567 256 9 347 37 127 167 24 136 58 58 5 347 8 179 679 479 2 16 36 6 2 1 8 5 3 7 9 4 4 5 9 27 78 278 16 3 16 37 378 6 359 4 1 58 2 79 1 378 2 6 39 59 58 4 79",
    ),
    (
        "unique_rectangle_1",
        "4...3.......6..8..........1....5..9..8....6...7.2........1927..5.3....4.9.7.4....",
        "4 569 1268 5789 3 15789 259 2567 25679 1237 359 12 6 127 14579 8 2357 234579 23678 3569 268 45789 278 45789 23459 23567 1 1236 346 1246 378 5 13678 23 9 2378 123 8 59 3479 17 13479 6 12357 2357 136 7 59 2 168 13689 345 1358 3458 68 46 468 1 9 2 7 35 35 5 12 3 78 678 678 129 4 29 9 12 7 35 4 35 12 68 68",
    ),
    (
        "bug_plus_1",
        "1...78..3.6.3.17...73..5..12157..89...758213..38.1.5273218.647...91273687864...1.",
        "1 59 24 26 7 8 69 45 3 58 6 24 3 49 1 7 58 29 89 7 3 29 46 5 26 48 1 2 1 5 7 36 34 8 9 46 469 49 7 5 8 2 1 3 46 46 3 8 69 1 49 5 2 7 3 2 1 8 59 6 4 7 59 45 45 9 1 2 7 3 6 8 7 8 6 4 35 39 29 1 25",
    ),
    (
        "x_chain",
        "4.359..2.....16...7.1...9....6.895.2...3..8..2..6........4...79.9....6...1.9..2..",
        "4 68 3 5 9 78 17 2 1678 589 258 2589 278 1 6 347 3458 34578 7 2568 1 28 34 34 9 568 568 13 347 6 17 8 9 5 134 2 159 457 59 3 2457 12457 8 1469 1467 2 34578 589 6 457 1457 1347 1349 1347 3568 2358 258 4 356 1358 13 7 9 358 9 47 178 2357 123578 6 13458 13458 3568 1 47 9 3567 3578 2 3458 3458",
    ),
    (
        "xy_chain",
        "7..9..4863..621....9.874123...3126.52...8.........9....532.7..1.671.8...1..54.7..",
        "7 12 12 9 35 35 4 8 6 3 48 48 6 2 1 59 579 79 56 9 56 8 7 4 1 2 3 89 478 489 3 1 2 6 47 5 2 1347 56 47 8 56 39 13479 479 56 1347 14 47 56 9 28 1347 28 489 5 3 2 69 7 89 46 1 49 6 7 1 39 8 235 345 24 1 28 289 5 4 36 7 36 89",
    ),
    (
        "digit_forcing_chain",
        ".52481.......7.1.....32.......8.2...3.....6...9.5.3...1.6.3...........897.925....",
        "69 5 2 4 8 1 79 3679 367 4689 346 348 69 7 569 1 24569 24568 4689 17 17 3 2 569 4589 4569 4568 456 1467 1457 8 1469 2 4579 134579 13457 3 124 1458 17 149 47 6 12459 12458 2468 9 1478 5 146 3 2478 1247 12478 1 248 6 79 3 4789 2457 2457 2457 245 234 345 167 14 467 2347 8 9 7 348 9 2 5 48 34 16 16",
    ),
    (
        "cell_forcing_chain",
        ".6.5.1.9.12..9..5395...7....4.8.9.7.......5.8.817.5.3.....5.2.7....7.....76..8...",
        "3478 6 3478 5 238 1 478 9 24 1 2 78 46 9 46 78 5 3 9 5 348 23 38 7 1468 12468 1246 2356 4 25 8 136 9 16 7 126 367 39 379 124 1346 234 5 1246 8 26 8 1 7 246 5 49 3 2469 348 139 3489 13469 5 346 2 1468 7 23458 139 25 123469 7 2346 134689 1468 14569 2345 7 6 12349 134 8 1349 14 159",
    ),
    (
        "unit_forcing_chain",
        ".6.5.1.9.12..9..5395...7....4.8.9.7.......5.8.817.5.3.....5.2.7....7.....76..8...",
        "378 6 3478 5 238 1 478 9 24 1 2 78 46 9 46 78 5 3 9 5 34 23 38 7 1468 12468 1246 2356 4 25 8 136 9 16 7 126 367 39 379 124 1346 234 5 1246 8 26 8 1 7 246 5 49 3 2469 348 139 389 13469 5 346 2 1468 7 23458 139 25 123469 7 2346 134689 1468 14569 2345 7 6 12349 134 8 1349 14 159",
    ),
    (
        "dynamic_forcing_chain",
        "6.2.5.........3.42.....2...43..28....1....2........7..5..27...........81...68..27",
        "6 4789 2 14789 5 479 1389 179 39 1789 5789 15789 1789 169 3 1689 4 2 13789 4789 13489 14789 1469 2 1689 15679 569 4 3 5679 1579 2 8 169 1569 569 789 1 56789 34579 349 45679 2 3569 48 289 25689 5689 13459 1349 4569 7 13569 48 5 4689 134689 2 7 149 3469 69 369 279 24679 4679 3459 349 459 4569 8 1 139 49 1349 6 8 1459 3459 2 7",
    ),
    (
        "forcing_net",
        "6.2.5.........3.42.....2...43..28....1....2........7..5..27...........81...68..27",
        "6 4789 2 14789 5 479 1389 179 39 1789 5789 15789 1789 169 3 1689 4 2 13789 4789 13489 14789 1469 2 1689 15679 569 4 3 5679 1579 2 8 169 1569 569 789 1 56789 34579 349 45679 2 3569 48 289 25689 5689 13459 1349 4569 7 13569 48 5 4689 13468 2 7 149 3469 69 369 279 24679 4679 3459 349 459 4569 8 1 139 49 1349 6 8 1459 345 2 7",
    ),
    (
        "nested_forcing_net",
        "..53.....8...5..2..7..1.5..4....53...1..73..6..32...8..6.5....9..4....3......97..",
        "169 249 5 3 24689 24678 14689 1679 1478 8 349 169 4679 5 467 1469 2 1347 2369 7 269 4689 1 2468 5 469 348 4 289 67 1689 689 5 3 179 127 259 1 289 489 7 3 249 459 6 67 59 3 2 469 146 149 8 1457 1237 6 1278 5 2348 12478 1248 14 9 12579 2589 4 1678 268 12678 1268 3 1258 1235 238 128 1468 23468 9 7 1456 12458",
    ),
];

fn board_of(placed: &str, candidates: &str) -> Board {
    let digits = parse::read_line(placed, 1).expect("typed placed digits");
    let mut marks = [Candidates::NONE; 81];
    for (i, group) in candidates.split(' ').enumerate() {
        marks[i] = group.chars().filter_map(Digit::from_char).collect();
    }
    Board::from_marked(&Marked {
        digits,
        candidates: marks,
    })
}

fn position(key: &str) -> Board {
    let (_, placed, candidates) = POSITIONS
        .iter()
        .find(|(k, _, _)| *k == key)
        .unwrap_or_else(|| panic!("no typed position {key}"));
    board_of(placed, candidates)
}

fn solution_of(board: &Board) -> Grid {
    let counted = search::count_solutions(board.digits(), 2);
    assert_eq!(counted.count, 1, "typed positions have one solution");
    counted.first.expect("solution")
}

/// Every placement agrees with the solution and no elimination removes a solution digit.
fn assert_sound(step: &Step, solution: &Grid, context: &str) {
    for &(cell, digit) in &step.placements {
        assert_eq!(
            solution.get(cell),
            Some(digit),
            "{context}: {} placed a wrong {digit} in {cell}: {}",
            step.technique,
            step.text()
        );
    }
    for &(cell, digit) in &step.eliminations {
        assert_ne!(
            solution.get(cell),
            Some(digit),
            "{context}: {} removed the solution's {digit} from {cell}: {}",
            step.technique,
            step.text()
        );
    }
}

/// The technique is the easiest step on its position, every instance is sound,
/// and it finds nothing on the quiet position.
fn check_technique(key: &str, quiet: &str) {
    let technique = Technique::from_key(key).expect("known key");
    let board = position(key);
    let solution = solution_of(&board);
    let first = logic::find_technique(&board, technique)
        .unwrap_or_else(|| panic!("{key} not found where it applies"));
    assert!(
        first.makes_progress(&board),
        "{key}: the step changes nothing"
    );
    let easiest = logic::find_step(&board).expect("a step");
    assert_eq!(
        easiest.technique, technique,
        "{key} is the easiest step on its position"
    );
    for step in logic::instances(&board, technique) {
        assert_eq!(step.technique, technique);
        assert_sound(&step, &solution, key);
    }
    let text = first.text();
    assert!(
        text.to_lowercase()
            .starts_with(&technique.name().to_lowercase()),
        "{key}: text names the technique: {text}"
    );
    if technique.assumes_unique_solution() {
        assert!(
            text.contains("exactly one solution"),
            "{key}: text says it assumes one solution: {text}"
        );
    }
    let quiet_board = position(quiet);
    assert!(
        logic::instances(&quiet_board, technique).is_empty(),
        "{key} must not fire on the {quiet} position"
    );
}

macro_rules! technique_tests {
    ($($name:ident: $key:literal, quiet on $quiet:literal;)*) => {
        $(
            #[test]
            fn $name() {
                check_technique($key, $quiet);
            }
        )*
    };
}

technique_tests! {
    full_house_applies_and_stays_quiet: "full_house", quiet on "hidden_single";
    hidden_single_applies_and_stays_quiet: "hidden_single", quiet on "naked_single";
    naked_single_applies_and_stays_quiet: "naked_single", quiet on "hidden_single";
    pointing_applies_and_stays_quiet: "locked_candidates_pointing", quiet on "naked_single";
    claiming_applies_and_stays_quiet: "locked_candidates_claiming", quiet on "naked_single";
    naked_pair_applies_and_stays_quiet: "naked_pair", quiet on "full_house";
    hidden_pair_applies_and_stays_quiet: "hidden_pair", quiet on "naked_triple";
    naked_triple_applies_and_stays_quiet: "naked_triple", quiet on "naked_single";
    hidden_triple_applies_and_stays_quiet: "hidden_triple", quiet on "naked_single";
    naked_quad_applies_and_stays_quiet: "naked_quad", quiet on "naked_single";
    hidden_quad_applies_and_stays_quiet: "hidden_quad", quiet on "hidden_single";
    x_wing_applies_and_stays_quiet: "x_wing", quiet on "hidden_single";
    swordfish_applies_and_stays_quiet: "swordfish", quiet on "full_house";
    jellyfish_applies_and_stays_quiet: "jellyfish", quiet on "hidden_single";
    skyscraper_applies_and_stays_quiet: "skyscraper", quiet on "full_house";
    two_string_kite_applies_and_stays_quiet: "two_string_kite", quiet on "full_house";
    empty_rectangle_applies_and_stays_quiet: "empty_rectangle", quiet on "full_house";
    xy_wing_applies_and_stays_quiet: "xy_wing", quiet on "full_house";
    xyz_wing_applies_and_stays_quiet: "xyz_wing", quiet on "naked_single";
    w_wing_applies_and_stays_quiet: "w_wing", quiet on "full_house";
    simple_colors_trap_applies_and_stays_quiet: "simple_colors_trap", quiet on "naked_single";
    simple_colors_wrap_applies_and_stays_quiet: "simple_colors_wrap", quiet on "full_house";
    unique_rectangle_1_applies_and_stays_quiet: "unique_rectangle_1", quiet on "full_house";
    bug_plus_1_applies_and_stays_quiet: "bug_plus_1", quiet on "full_house";
    x_chain_applies_and_stays_quiet: "x_chain", quiet on "hidden_single";
    xy_chain_applies_and_stays_quiet: "xy_chain", quiet on "full_house";
}

/// A forcing technique is the easiest step on its position, every instance is
/// sound, its text names each branch's assumption and how it ends, and it finds
/// nothing on an empty board (where every assumption is as good as another).
fn check_forcing(key: &str) {
    let technique = Technique::from_key(key).expect("known key");
    let board = position(key);
    let solution = solution_of(&board);
    let easiest = logic::find_step(&board).expect("a step");
    assert_eq!(easiest.technique, technique, "{key} is the easiest step");
    assert_sound(&easiest, &solution, key);
    let instances = logic::instances(&board, technique);
    assert!(!instances.is_empty());
    for step in &instances {
        assert_sound(step, &solution, key);
        assert!(!step.branches.is_empty(), "{key}: a proof with branches");
    }
    let text = easiest.text();
    assert!(text.starts_with(technique.name()), "{text}");
    for branch in &easiest.branches {
        assert!(
            text.contains(&format!("if {}", branch.assumption)),
            "{key}: the text names the assumption {}: {text}",
            branch.assumption
        );
        for implication in &branch.implications {
            assert!(text.contains(&implication.fact.to_string()), "{text}");
        }
    }
    assert!(
        text.contains("contradiction") || text.contains(", r"),
        "{key}: the text says how the branches end: {text}"
    );
    assert!(logic::instances(&Board::new(), technique).is_empty());
}

#[test]
fn digit_forcing_chain_applies_and_stays_quiet() {
    check_forcing("digit_forcing_chain");
}

#[test]
fn cell_forcing_chain_applies_and_stays_quiet() {
    check_forcing("cell_forcing_chain");
}

#[test]
fn unit_forcing_chain_applies_and_stays_quiet() {
    check_forcing("unit_forcing_chain");
}

#[test]
fn dynamic_forcing_chain_applies_and_stays_quiet() {
    check_forcing("dynamic_forcing_chain");
}

#[test]
fn forcing_net_applies_and_stays_quiet() {
    check_forcing("forcing_net");
}

#[test]
fn nested_forcing_net_applies_and_stays_quiet() {
    check_forcing("nested_forcing_net");
}

#[test]
fn techniques_are_listed_easiest_first_with_unique_keys() {
    let mut sorted = Technique::ALL;
    sorted.sort();
    assert_eq!(sorted, Technique::ALL);
    for t in Technique::ALL {
        assert_eq!(Technique::from_key(t.key()), Some(t));
        let json = serde_json::to_string(&t).expect("serialise");
        assert_eq!(json, format!("\"{}\"", t.key()));
    }
    assert!(
        Technique::ALL
            .windows(2)
            .all(|w| w[0].level() <= w[1].level() || w[1].level() == Level::Hard)
    );
    assert_eq!(
        POSITIONS.len(),
        Technique::ALL.len(),
        "one typed position per technique"
    );
}

/// A random puzzle with one solution: a shuffled solved grid with cells removed
/// while the solution stays unique.
fn generated_puzzle(rng: &mut ChaCha8Rng) -> Grid {
    let base = search::solve(&Grid::empty())
        .solution
        .expect("the empty grid has solutions");
    let mut digits: Vec<u8> = (1..=9).collect();
    digits.shuffle(rng);
    let mut rows: Vec<usize> = Vec::new();
    let mut bands = [0usize, 1, 2];
    bands.shuffle(rng);
    for band in bands {
        let mut inner = [0usize, 1, 2];
        inner.shuffle(rng);
        rows.extend(inner.iter().map(|r| band * 3 + r));
    }
    let transpose = rng.random_bool(0.5);
    let mut values = [0u8; 81];
    for cell in Cell::all() {
        let (r, c) = if transpose {
            (cell.col(), cell.row())
        } else {
            (cell.row(), cell.col())
        };
        let d = base.get(Cell::at(rows[r], c)).expect("complete").get();
        values[cell.index()] = digits[d as usize - 1];
    }
    let mut puzzle = Grid::from_values(values);
    let mut order: Vec<Cell> = Cell::all().collect();
    order.shuffle(rng);
    for cell in order {
        let keep = puzzle.get(cell);
        puzzle.set(cell, None);
        if search::count_solutions(&puzzle, 2).count != 1 {
            puzzle.set(cell, keep);
        }
    }
    puzzle
}

/// Solves `givens` taking the easiest step each time, checking every step against
/// the solution; with `every_instance`, checks every instance of every technique
/// at each position too. Returns the number of steps checked.
fn sweep(givens: &Grid, every_instance: bool) -> usize {
    let solution = search::solve(givens)
        .solution
        .expect("sweep puzzles have a solution");
    let mut board = Board::with_auto_candidates(givens);
    let mut checked = 0;
    let context = givens.to_line();
    let basic: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.is_forcing())
        .collect();
    while let Some(step) = logic::find_step_among(&board, &basic) {
        assert_sound(&step, &solution, &context);
        assert!(
            step.makes_progress(&board),
            "{context}: a step that changes nothing: {}",
            step.text()
        );
        if every_instance {
            for &technique in &basic {
                for other in logic::instances(&board, technique) {
                    assert_sound(&other, &solution, &context);
                    checked += 1;
                }
            }
        }
        step.apply(&mut board);
        checked += 1;
    }
    checked
}

#[test]
fn no_step_is_wrong_on_generated_and_bundled_puzzles() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut puzzles: Vec<Grid> = (0..12).map(|_| generated_puzzle(&mut rng)).collect();
    puzzles.extend(pencilmark::puzzles::famous().into_iter().map(|n| n.givens));
    let mut steps = 0;
    for (i, givens) in puzzles.iter().enumerate() {
        steps += sweep(givens, i % 3 == 0);
    }
    assert!(steps > 500, "the sweep checked {steps} steps");
}

#[test]
fn no_step_is_wrong_on_a_sample_of_the_shared_sets() {
    if data_dir().is_none() {
        eprintln!("skipped: ../shared/data not found");
        return;
    }
    let samples = [
        ("top95.txt", 1),
        ("puzzles3_magictour_top1465", 4),
        ("generated_qqwing_expert_1k.txt", 5),
        ("puzzles6_forum_hardest_1106", 5),
        ("puzzles5_forum_hardest_1905_11+", 500),
        ("puzzles2_17_clue", 500),
        ("generated_sudoku_crate_10k.txt", 50),
        ("hardest.txt", 1),
        ("easy50.txt", 1),
    ];
    let mut puzzles = 0;
    for (file, every) in samples {
        for (i, givens) in data_puzzles(file, every).iter().enumerate() {
            sweep(givens, i % 20 == 0);
            puzzles += 1;
        }
    }
    assert!(puzzles > 900, "sampled {puzzles} puzzles");
}

const EASY: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

fn grid(line: &str) -> Grid {
    parse::parse_line(line, 1).expect("typed puzzle")
}

#[test]
fn an_easy_puzzle_grades_easy_with_singles_only() {
    let graded = grade::grade(&grid(EASY));
    assert_eq!(graded.level, Level::Easy);
    assert!(graded.steps.keys().all(|t| t.level() == Level::Easy));
    let total: u32 = graded
        .steps
        .iter()
        .map(|(t, n)| t.score() * *n as u32)
        .sum();
    assert_eq!(graded.score, total, "the score is summed over the steps");
    assert_eq!(
        graded.steps.values().sum::<usize>(),
        51,
        "one step per open cell"
    );
    assert_eq!(graded.guesses, 0);
}

#[test]
fn the_hardest_puzzle_grades_extreme_without_a_guess() {
    // Arto Inkala's puzzle needs forcing chains and nets.
    let graded = grade::grade(&grid(
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ));
    assert_eq!(graded.level, Level::Extreme);
    assert_eq!(graded.guesses, 0);
    assert!(graded.hardest.is_some_and(|t| t.is_forcing()), "{graded:?}");
}

/// Solves with the whole ladder, checking every step against the solution;
/// returns how many steps it took and whether logic solved it.
fn solve_checked(givens: &Grid) -> (usize, bool) {
    let solution = search::solve(givens).solution.expect("a solution");
    let mut board = Board::with_auto_candidates(givens);
    let mut steps = 0;
    while let Some(step) = logic::next_step(&board, &Technique::ALL) {
        assert_sound(&step, &solution, &givens.to_line());
        step.apply(&mut board);
        steps += 1;
    }
    (steps, board.is_solved())
}

#[test]
fn forcing_chains_solve_a_sample_of_the_hard_sets_without_a_guess() {
    if data_dir().is_none() {
        eprintln!("skipped: ../shared/data not found");
        return;
    }
    // Small samples keep `cargo test` quick; the release benchmark in the README
    // covers the whole sets.
    let samples = [
        ("top95.txt", 24),
        ("puzzles3_magictour_top1465", 400),
        ("generated_qqwing_expert_1k.txt", 250),
    ];
    let mut puzzles = 0;
    for (file, every) in samples {
        for givens in data_puzzles(file, every) {
            let (steps, solved) = solve_checked(&givens);
            assert!(solved, "{file}: logic ran out on {}", givens.to_line());
            assert!(steps > 0);
            puzzles += 1;
        }
    }
    assert!(puzzles >= 10, "sampled {puzzles} puzzles");
}

#[test]
fn grading_levels_follow_the_hardest_step() {
    for key in ["naked_pair", "x_wing", "xy_wing"] {
        let board = position(key);
        let step = logic::find_step(&board).expect("a step");
        assert_eq!(step.level(), step.technique.level());
    }
    assert_eq!(Technique::HiddenSingle.level(), Level::Easy);
    assert_eq!(Technique::NakedTriple.level(), Level::Medium);
    assert_eq!(Technique::Jellyfish.level(), Level::Hard);
    assert_eq!(Technique::XyChain.level(), Level::Expert);
}

#[test]
fn propagate_solves_an_easy_puzzle_with_a_log_of_singles() {
    let mut board = Board::with_auto_candidates(&grid(EASY));
    let result = logic::propagate(&mut board);
    assert!(result.contradiction.is_none());
    assert!(board.is_solved());
    assert_eq!(result.steps.len(), 51);
    assert!(
        result
            .steps
            .iter()
            .all(|s| s.technique.level() == Level::Easy && s.placements.len() == 1)
    );
    assert!(board.digits().is_solution_of(&grid(EASY)));
}

#[test]
fn propagate_stops_at_a_contradiction_and_says_where() {
    // r1c3 may only be 1, 2 or 4 from its peers; strike all three.
    let mut board = Board::with_auto_candidates(&grid(EASY));
    let cell = Cell::parse("r1c3").expect("cell");
    for d in board.candidates(cell).iter() {
        board.strike(cell, d);
    }
    let result = logic::propagate(&mut board);
    assert_eq!(
        result.contradiction,
        Some(Contradiction::NoCandidates(cell))
    );
    // A digit with no place left in a unit.
    let mut board = Board::with_auto_candidates(&grid(EASY));
    for &c in Unit::Row(0).cells() {
        board.strike(c, Digit::new(1));
    }
    let result = logic::propagate(&mut board);
    assert!(
        matches!(result.contradiction, Some(Contradiction::NoPlace { digit, .. }) if digit == Digit::new(1)),
        "{:?}",
        result.contradiction
    );
}

#[test]
fn hint_names_a_wrong_digit_first() {
    let givens = grid(EASY);
    let mut position = Board::with_auto_candidates(&givens);
    let solution = search::solve(&givens).solution.expect("solution");
    let cell = position
        .open_cells()
        .find(|&c| position.candidates(c).len() > 1)
        .expect("an open cell");
    let wrong = Digit::all()
        .find(|&d| Some(d) != solution.get(cell) && position.candidates(cell).contains(d))
        .expect("a wrong candidate");
    position.place(cell, wrong);
    let answer = hint::hint(&givens, &position);
    assert_eq!(answer, Hint::Mistake { cells: vec![cell] });
    assert!(answer.text(&position, 3).contains(&cell.to_string()));
}

#[test]
fn hint_names_a_pencil_mark_that_removed_the_solution() {
    let givens = grid(EASY);
    let mut position = Board::with_auto_candidates(&givens);
    let solution = search::solve(&givens).solution.expect("solution");
    let cell = Cell::parse("r9c1").expect("cell");
    position.strike(cell, solution.get(cell).expect("complete"));
    assert_eq!(
        hint::hint(&givens, &position),
        Hint::Mistake { cells: vec![cell] }
    );
}

#[test]
fn hint_reports_givens_without_one_solution() {
    let mut two = grid(EASY);
    two.set(Cell::parse("r1c1").expect("cell"), None);
    two.set(Cell::parse("r1c2").expect("cell"), None);
    two.set(Cell::parse("r1c5").expect("cell"), None);
    two.set(Cell::parse("r2c1").expect("cell"), None);
    assert_eq!(
        hint::hint(&two, &Board::with_auto_candidates(&two)),
        Hint::MultipleSolutions
    );
    let mut none = grid(EASY);
    none.set(Cell::parse("r1c3").expect("cell"), Some(Digit::new(2)));
    none.set(Cell::parse("r1c4").expect("cell"), Some(Digit::new(4)));
    let answer = hint::hint(&none, &Board::with_auto_candidates(&none));
    assert!(
        matches!(answer, Hint::NoSolution | Hint::Mistake { .. }),
        "{answer:?}"
    );
}

#[test]
fn hint_gives_the_simplest_single_with_its_reason() {
    let givens = grid(EASY);
    let answer = hint::hint(&givens, &Board::with_auto_candidates(&givens));
    let Hint::Step(step) = &answer else {
        panic!("expected a step, got {answer:?}");
    };
    assert_eq!(step.technique, Technique::HiddenSingle);
    let text = step.text();
    assert!(text.starts_with("Hidden single: in box"), "{text}");
    assert!(text.contains("ruled out by the"), "{text}");
    let position = Board::with_auto_candidates(&givens);
    assert!(answer.text(&position, 1).starts_with("Look at"));
    assert!(answer.text(&position, 2).contains("Hidden Single in"));
}

#[test]
fn hint_without_a_single_gives_a_correct_elimination_step() {
    let board = position("x_wing");
    let givens = *board.digits();
    let solution = solution_of(&board);
    let answer = hint::hint(&givens, &board);
    let Hint::Step(step) = answer else {
        panic!("expected a step")
    };
    assert_eq!(step.technique, Technique::XWing);
    assert!(!step.eliminations.is_empty());
    assert_sound(&step, &solution, "hint");
}

#[test]
fn hint_where_simpler_techniques_run_out_is_a_forcing_step_not_a_guess() {
    let givens =
        grid("8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..");
    let basic: Vec<Technique> = Technique::ALL
        .into_iter()
        .filter(|t| !t.is_forcing())
        .collect();
    let mut board = Board::with_auto_candidates(&givens);
    while let Some(step) = logic::next_step(&board, &basic) {
        step.apply(&mut board);
    }
    let answer = hint::hint(&givens, &board);
    let Hint::Step(step) = &answer else {
        panic!("expected a forcing step, got {answer:?}")
    };
    assert!(step.technique.is_forcing());
    let solution = search::solve(&givens).solution.expect("solution");
    assert_sound(step, &solution, "hint");
    assert!(answer.text(&board, 3).contains("if r"));
}
