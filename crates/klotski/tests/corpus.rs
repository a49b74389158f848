//! The 40 classic layouts of `../shared/corpus/klotski` with their published minimum
//! under the `move` metric (`index.tsv`), written out here so that no regeneration of
//! fixtures can change them; and 横刀立马 under all three metrics.

use klotski::{Goal, Layout, Metric, Pos, Solver, replay};

/// File, name, rows, goal (label, 1-based row and column), published minimum (-1: none).
type Classic = (
    &'static str,
    &'static str,
    [&'static str; 5],
    (char, usize, usize),
    i64,
);

const CLASSICS: [Classic; 40] = [
    (
        "001.in",
        "橫刀立馬",
        ["ABBC", "ABBC", "DEEF", "DGHF", "I..J"],
        ('B', 4, 2),
        81,
    ),
    (
        "002.in",
        "指揮若定",
        ["ABBC", "ABBC", "DEEF", "GHIJ", "G..J"],
        ('B', 4, 2),
        70,
    ),
    (
        "003.in",
        "將擁曹營",
        [".AA.", "BAAC", "BDEC", "FDEG", "HHIJ"],
        ('A', 4, 2),
        72,
    ),
    (
        "004.in",
        "齊頭並進",
        ["ABBC", "ABBC", "DEFG", "HIIJ", "H..J"],
        ('B', 4, 2),
        60,
    ),
    (
        "005.in",
        "兵分三路",
        ["ABBC", "DBBE", "DFFE", "GHIJ", "G..J"],
        ('B', 4, 2),
        72,
    ),
    (
        "006.in",
        "雨聲淅瀝",
        ["ABBC", "ABBD", "EFFG", "EH.G", "IH.J"],
        ('B', 4, 2),
        47,
    ),
    (
        "007.in",
        "左右佈兵",
        ["ABBC", "DBBE", "FGHI", "FGHI", ".JJ."],
        ('B', 4, 2),
        54,
    ),
    (
        "008.in",
        "桃花園中",
        ["ABBC", "DBBE", "DFGE", "HFGI", ".JJ."],
        ('B', 4, 2),
        70,
    ),
    (
        "009.in",
        "一路進軍",
        ["ABBC", "ABBD", "EFGH", "EFGI", ".JJ."],
        ('B', 4, 2),
        58,
    ),
    (
        "010.in",
        "一路順風",
        ["ABBC", "ABBD", "EFFG", "EHIG", ".JI."],
        ('B', 4, 2),
        39,
    ),
    (
        "011.in",
        "圍而不殲",
        ["ABBC", "ABBD", "EFFG", "EHIJ", ".HI."],
        ('B', 4, 2),
        62,
    ),
    (
        "012.in",
        "捷足先登",
        ["ABBC", "DBBE", ".FF.", "GHIJ", "GHIJ"],
        ('B', 4, 2),
        32,
    ),
    (
        "020.in",
        "兵擋將阻",
        ["ABBC", "DBBC", "EFFG", "EHHI", ".JJ."],
        ('B', 4, 2),
        87,
    ),
    (
        "034.in",
        "三橫最容易解的佈局",
        ["ABBC", "DBBE", "FGHH", "FGII", ".JJ."],
        ('B', 4, 2),
        40,
    ),
    (
        "048.in",
        "走投無路",
        ["ABBC", "ABBC", "DEFG", "DEHG", "I..J"],
        ('B', 4, 2),
        -1,
    ),
    (
        "062.in",
        "前後夾攻",
        [".ABC", "DA.C", "EFGG", "EHGG", "IIJJ"],
        ('G', 4, 2),
        112,
    ),
    (
        "076.in",
        "左兵右將",
        ["AABC", "AABC", "DEFF", "GHIJ", "..IJ"],
        ('A', 4, 2),
        74,
    ),
    (
        "090.in",
        "數位系列: 6",
        ["AABC", "AAB.", "DEFF", "G.HH", "GIIJ"],
        ('A', 4, 2),
        106,
    ),
    (
        "104.in",
        "困於赤紱",
        ["A.BC", "ADDC", "EDD.", "FFGG", "HIJJ"],
        ('D', 4, 2),
        95,
    ),
    (
        "118.in",
        "DAISY",
        ["ABBC", "ABBC", "DEFG", "HIJK", "L..M"],
        ('B', 4, 2),
        28,
    ),
    (
        "132.in",
        "伏羲八卦:火火離",
        ["ABB.", "CBB.", "DDEE", "FGHI", "JJKK"],
        ('B', 4, 2),
        28,
    ),
    (
        "146.in",
        "伏羲八卦:水地比",
        ["..AA", "BBAA", "CDEF", "GGHI", "JKLM"],
        ('A', 4, 2),
        22,
    ),
    (
        "160.in",
        "伏羲八卦:雷水解",
        ["ABB.", "ABB.", "CDEF", "CDGG", "HHIJ"],
        ('B', 4, 2),
        97,
    ),
    (
        "174.in",
        "伏羲八卦:雷澤歸妹",
        ["ABB.", "ABB.", "CDEF", "GHII", "JJKK"],
        ('B', 4, 2),
        32,
    ),
    (
        "188.in",
        "一橫定式B",
        ["ABBC", "ABBD", "..EE", "FGHI", "FJHI"],
        ('B', 4, 2),
        38,
    ),
    (
        "202.in",
        "一夫當關",
        ["ABCD", "ABCD", ".EE.", "FEEG", "HHIJ"],
        ('E', 4, 2),
        64,
    ),
    (
        "216.in",
        "換離為兌",
        ["AABC", "DDEE", "FGEE", "HHIJ", "..IJ"],
        ('E', 4, 2),
        87,
    ),
    (
        "230.in",
        "三七二十一",
        ["ABBC", "DBBE", "DF.E", "GHIJ", "G.KJ"],
        ('B', 4, 2),
        21,
    ),
    (
        "244.in",
        "大喬小喬(上)",
        ["ABCD", "ABEE", "FGEE", "HIJJ", "HI.."],
        ('E', 4, 2),
        39,
    ),
    (
        "258.in",
        "7系列:自動報時",
        [".ABC", "DAEE", "FGEE", "FGHH", "IIJ."],
        ('E', 4, 2),
        117,
    ),
    (
        "272.in",
        "步步高之“義放曹操”",
        ["AABB", "CDBB", "CEFF", ".EGH", "I.GJ"],
        ('B', 4, 2),
        71,
    ),
    (
        "286.in",
        "雙兵爭鋒",
        ["AABB", "AACD", "EF.D", "EGHH", "IIJ."],
        ('A', 4, 2),
        58,
    ),
    (
        "300.in",
        "龍鳳三胞（小妹）",
        ["AABC", "DDBC", "DDEE", "FFGH", "IJ.."],
        ('D', 4, 2),
        44,
    ),
    (
        "314.in",
        "未卜先知",
        [".AA.", "BAAC", "DEFC", "DGFH", "IGJK"],
        ('A', 4, 2),
        36,
    ),
    (
        "328.in",
        "同步倒影（下）",
        [".A.B", "CADB", "EFDG", "HHIG", "HHJJ"],
        ('H', 4, 2),
        26,
    ),
    (
        "342.in",
        "字母系列U",
        ["A.BC", "D.EE", "DFEE", "GFHH", "GIIJ"],
        ('E', 4, 2),
        131,
    ),
    (
        "356.in",
        "麒麟倒影(麟)",
        ["AAB.", "CDEE", "CFEE", "GFHH", "IIJ."],
        ('E', 4, 2),
        53,
    ),
    (
        "370.in",
        "轅門射戟Ｂ",
        ["ABBC", "DEFF", "DGG.", "HGGI", ".JJI"],
        ('G', 4, 2),
        47,
    ),
    (
        "384.in",
        "側面虎",
        [".ABC", "DDEC", "DDEF", ".GHF", "IIHJ"],
        ('D', 4, 2),
        76,
    ),
    (
        "398.in",
        "漩渦乍現",
        ["ABBC", "DEFF", "D.FF", "GGH.", "IIJJ"],
        ('F', 4, 2),
        69,
    ),
];

fn layout(rows: &[&str], (label, row, col): (char, usize, usize)) -> Layout {
    Layout::from_rows(rows, Goal::new(label, Pos::new(row - 1, col - 1))).unwrap()
}

#[test]
fn every_classic_layout_takes_its_published_minimum() {
    let mut solver = Solver::new();
    let mut wrong = Vec::new();
    for (file, name, rows, goal, published) in CLASSICS {
        let layout = layout(&rows, goal);
        let solution = solver.solve_with_path(&layout, Metric::Move).unwrap();
        let found = solution.as_ref().map_or(-1, |s| s.moves() as i64);
        if found != published {
            wrong.push(format!("{file} {name}: {found}, published {published}"));
        }
        if let Some(solution) = solution {
            assert_eq!(
                replay(&layout, Metric::Move, &solution.path),
                Ok(solution.moves())
            );
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn heng_dao_li_ma_takes_81_moves_90_slides_and_116_steps() {
    let (_, _, rows, goal, _) = CLASSICS[0];
    let layout = layout(&rows, goal);
    let mut solver = Solver::new();
    for (metric, expected) in [(Metric::Move, 81), (Metric::Slide, 90), (Metric::Step, 116)] {
        let solution = solver.solve_with_path(&layout, metric).unwrap().unwrap();
        assert_eq!(solution.moves(), expected, "{metric}");
        assert_eq!(
            replay(&layout, metric, &solution.path),
            Ok(expected),
            "{metric}"
        );
    }
    assert_eq!(solver.reachable(&layout).unwrap(), 25_955);
}
