use pencilmark::engine::{parse, search};
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let (mut gf, mut gr, mut nf, mut nr, mut zf, mut zr, mut n) = (0u64, 0u64, 0u64, 0u64, 0, 0, 0);
    for (_, p) in parse::parse_puzzles(&text).into_iter().take(3000) {
        let g = p.unwrap();
        let f = search::solve(&g);
        let r = search::solve_readable(&g);
        assert_eq!(f.solution, r.solution);
        gf += f.stats.guesses;
        gr += r.stats.guesses;
        nf += f.stats.nodes;
        nr += r.stats.nodes;
        if f.stats.guesses == 0 {
            zf += 1
        }
        if r.stats.guesses == 0 {
            zr += 1
        }
        n += 1;
    }
    println!(
        "n={n} fast guesses={gf} nodes={nf} noguess={zf} | readable guesses={gr} nodes={nr} noguess={zr}"
    );
}
