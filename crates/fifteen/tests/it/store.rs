//! A [`TableStore`]: the databases a solver builds are given to it under names that say
//! what they are, a solver that finds them there reads them instead of building them,
//! with the same answers, paths and counts, and a store that gives nothing back (or
//! something damaged, which it must refuse) leaves the solver building, as with none.
//! On a 3 x 4 board by the databases: its two tables build in a fraction of a second,
//! where the 15-puzzle's take seconds (the tests that need those share one store,
//! [`crate::checkpoint::store`]).

use fifteen::{Board, Method, Solver, TABLE_VERSION, TableStore};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// Tables kept in memory, counting its loads and stores.
#[derive(Debug, Default)]
pub(crate) struct Memory {
    tables: Mutex<HashMap<String, Vec<u8>>>,
    loads: Mutex<Vec<(String, bool)>>,
}

impl TableStore for Memory {
    fn load(&self, name: &str, into: &mut [u8]) -> bool {
        let tables = self.tables.lock().unwrap();
        let found = tables.get(name).filter(|t| t.len() == into.len());
        if let Some(table) = found {
            into.copy_from_slice(table);
        }
        self.loads
            .lock()
            .unwrap()
            .push((name.to_string(), found.is_some()));
        found.is_some()
    }

    fn store(&self, name: &str, bytes: &[u8]) {
        self.tables
            .lock()
            .unwrap()
            .insert(name.to_string(), bytes.to_vec());
    }

    fn has(&self, name: &str, len: usize) -> bool {
        self.tables
            .lock()
            .unwrap()
            .get(name)
            .is_some_and(|t| t.len() == len)
    }
}

/// A 3 x 4 board of 51 moves towards the blank-first goal.
fn board() -> Board {
    let start = [3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 8, 9];
    let goal: Vec<u8> = (0..12).collect();
    Board::new(3, 4, &start, &goal).unwrap()
}

#[test]
fn tables_kept_are_read_back_with_the_same_answer_path_and_counts() {
    let store = Arc::new(Memory::default());
    let board = board();
    let mut building = Solver::new()
        .with_method(Method::Pdb)
        .with_store(store.clone());
    let built = building.solve_with_path(&board).unwrap();
    let mut names: Vec<String> = store.tables.lock().unwrap().keys().cloned().collect();
    names.sort();
    let suffix = format!("-exact-nibble4-spread-v{TABLE_VERSION}.pdb");
    assert_eq!(
        names,
        [
            format!("fifteen-3x4-blank0-tiles1.2.3.4.5.6{suffix}"),
            format!("fifteen-3x4-blank0-tiles7.8.9.10.11{suffix}"),
        ]
    );
    assert!(store.loads.lock().unwrap().iter().all(|(_, hit)| !hit));
    store.loads.lock().unwrap().clear();

    let mut reading = Solver::new()
        .with_method(Method::Pdb)
        .with_store(store.clone());
    let read = reading.solve_with_path(&board).unwrap();
    assert_eq!(read, built);
    assert_eq!(reading.stats(), building.stats());
    let loads = store.loads.lock().unwrap().clone();
    assert_eq!(loads.len(), 2);
    assert!(loads.iter().all(|(_, hit)| *hit), "{loads:?}");

    // Without a store: the same again.
    let mut alone = Solver::new().with_method(Method::Pdb);
    assert_eq!(alone.solve_with_path(&board).unwrap(), built);
    assert_eq!(alone.stats(), building.stats());
}

/// A store whose tables are of another length (another layout) is not read from: the
/// tables are built and replace them.
#[test]
fn a_table_of_another_length_is_built_again() {
    let store = Arc::new(Memory::default());
    let board = board();
    Solver::new()
        .with_method(Method::Pdb)
        .with_store(store.clone())
        .solve(&board)
        .unwrap();
    for table in store.tables.lock().unwrap().values_mut() {
        table.pop();
    }
    let mut solver = Solver::new()
        .with_method(Method::Pdb)
        .with_store(store.clone());
    assert_eq!(solver.solve(&board).unwrap(), Some(51));
    let loads = store.loads.lock().unwrap().clone();
    assert_eq!(loads.len(), 4, "{loads:?}");
    assert!(loads[2..].iter().all(|(_, hit)| !hit), "{loads:?}");
    // Rebuilt whole: two entries a byte, 12^k entries for k tiles.
    let mut lengths: Vec<usize> = store
        .tables
        .lock()
        .unwrap()
        .values()
        .map(Vec::len)
        .collect();
    lengths.sort();
    assert_eq!(lengths, [12usize.pow(5) / 2, 12usize.pow(6) / 2]);
}
