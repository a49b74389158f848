//! The HTTP side: axum's router over the API, served by the accept loop of [`net`] on
//! a single-threaded tokio runtime; searches run on threads of their own.

mod net;

use crate::{
    AskFault, Atlases, Config, Difficulty, FIXTURES, Game, MAX_BODY, MAX_PATH_MOVES,
    MAX_REPLAY_CELLS, Said, Unframed, case_list, find_fixture, frames, generate, levels, next_move,
    not_animated, paths_within, played_json, too_long_to_animate,
};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use puzzles::{
    Capability, CellEdit, Choice, Dir, Input, Key, Limits, Options, PathsFor, PlayLook, Pos,
    Puzzle, RunError, Solved,
};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The page and its assets, built in.
const PAGE: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const BOARDS: &str = include_str!("assets/boards.js");
const STYLE: &str = include_str!("assets/style.css");
const ICON: &str = include_str!("assets/favicon.svg");

/// How many edits (no search: a parse and a write of the input) run at once.
const EDITS: usize = 4;

/// The server's shared state.
#[derive(Debug)]
struct App {
    config: Config,
    /// One per search that may run; held until the search has stopped and its answer
    /// is sent.
    permits: Arc<Semaphore>,
    edits: Arc<Semaphore>,
    /// Searches running now (on their threads, whether or not their client waits).
    running: AtomicUsize,
    /// The most that ever ran at once.
    most: AtomicUsize,
    /// The open connections.
    connections: Arc<net::Registry>,
    /// The atlases loaded (`--atlas`).
    atlases: Atlases,
}

/// The router of the page and the API, for `config`, answering from `atlases`.
pub fn router(config: Config, atlases: Atlases) -> Router {
    router_with(config, atlases, Arc::default())
}

fn router_with(config: Config, atlases: Atlases, connections: Arc<net::Registry>) -> Router {
    let app = Arc::new(App {
        config,
        permits: Arc::new(Semaphore::new(config.solves.max(1))),
        edits: Arc::new(Semaphore::new(EDITS)),
        running: AtomicUsize::new(0),
        most: AtomicUsize::new(0),
        connections,
        atlases,
    });
    Router::new()
        .route(
            "/",
            get(|| async { asset("text/html; charset=utf-8", PAGE) }),
        )
        .route(
            "/app.js",
            get(|| async { asset("text/javascript; charset=utf-8", SCRIPT) }),
        )
        .route(
            "/boards.js",
            get(|| async { asset("text/javascript; charset=utf-8", BOARDS) }),
        )
        .route(
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE) }),
        )
        .route(
            "/favicon.svg",
            get(|| async { asset("image/svg+xml", ICON) }),
        )
        .route(
            "/favicon.ico",
            get(|| async { asset("image/svg+xml", ICON) }),
        )
        .route("/api/puzzles", get(puzzle_list))
        .route("/api/generate", post(generate_board))
        .route("/api/fixtures/{puzzle}/{name}", get(fixture))
        .route("/api/status", get(status))
        .route("/api/solve", post(solve))
        .route("/api/play", post(play))
        .route("/api/edit", post(edit))
        .route("/api/atlas", post(atlas))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(Arc::clone(&app), read_body))
        .with_state(app)
}

/// Serves the playground on `listener` until the process ends: every connection is
/// served, timed and capped as [`Config`] says, and no error stops the loop (when
/// accepting fails, out of file descriptors say, an idle connection is closed and the
/// loop waits a moment). The positions of a puzzle whose atlas is in `atlases` are
/// answered from it.
pub async fn serve(
    listener: tokio::net::TcpListener,
    config: Config,
    atlases: Atlases,
) -> Infallible {
    let connections = Arc::new(net::Registry::default());
    let router = router_with(config, atlases, Arc::clone(&connections));
    net::accept_loop(listener, router, connections, config).await
}

/// Binds `addr` (port 0: any free port), calls `ready` with the address bound, and
/// serves on a single-threaded runtime (searches run on threads of their own) until the
/// process ends, answering from `atlases`.
///
/// # Errors
/// When the runtime cannot be made or the address cannot be bound.
pub fn run(
    addr: SocketAddr,
    config: Config,
    atlases: Atlases,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .enable_time()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        match serve(listener, config, atlases).await {}
    })
}

/// Reads the request's body within [`Config::timeout`] and [`MAX_BODY`] before the
/// route sees it (hyper times the head; nothing else would time the body), and marks
/// the connection busy from then until the answer is sent, so that it is not closed to
/// make room for another.
async fn read_body(
    State(app): State<Arc<App>>,
    request: axum::extract::Request,
    next: Next,
) -> Response {
    let (parts, body) = request.into_parts();
    let declared = parts
        .headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > MAX_BODY as u64) {
        return too_large();
    }
    let limited = http_body_util::Limited::new(body, MAX_BODY);
    let read = tokio::time::timeout(
        app.config.timeout,
        http_body_util::BodyExt::collect(limited),
    )
    .await;
    let bytes = match read {
        Err(_) => {
            return ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                format!(
                    "the request's body took more than {} s to arrive",
                    app.config.timeout.as_secs_f64()
                ),
            )
            .into_response();
        }
        Ok(Err(e)) if e.is::<http_body_util::LengthLimitError>() => return too_large(),
        Ok(Err(e)) => {
            return ApiError::bad(format!("the request's body is broken: {e}")).into_response();
        }
        Ok(Ok(collected)) => collected.to_bytes(),
    };
    let busy = parts.extensions.get::<Arc<net::Conn>>().map(|c| c.busy());
    let response = next
        .run(axum::extract::Request::from_parts(parts, Body::from(bytes)))
        .await;
    match busy {
        Some(busy) => net::hold(response, busy),
        None => response,
    }
}

fn too_large() -> Response {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!("the request's body is over {MAX_BODY} bytes"),
    )
    .into_response()
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

/// The answer to a request for a capability the puzzle lacks: 400, "PUZZLE has no
/// playground game yet".
fn lacks(puzzle: &dyn Puzzle, capability: Capability) -> ApiError {
    ApiError::bad(
        puzzle
            .require(capability)
            .err()
            .map_or_else(String::new, |lacks| lacks.to_string()),
    )
}

/// An error answer: a status and `{"error", "line", "column"}`.
#[derive(Debug)]
struct ApiError {
    status: StatusCode,
    message: String,
    place: Option<(usize, usize)>,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            place: None,
        }
    }

    fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl From<RunError> for ApiError {
    fn from(e: RunError) -> ApiError {
        let message = e.describe("input");
        match e {
            RunError::Input(parse) => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                message,
                place: Some((parse.line, parse.col)),
            },
            RunError::Unsolved { place, .. } => ApiError {
                status: StatusCode::UNPROCESSABLE_ENTITY,
                message,
                place,
            },
            RunError::Usage(_) | RunError::Read(_) | RunError::Write(_) => ApiError::bad(message),
            // A failure the driver may add later: not known to be the request's fault.
            _ => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (line, column) = self.place.unzip();
        let body = json!({"error": self.message, "line": line, "column": column});
        (self.status, axum::Json(body)).into_response()
    }
}

/// What a request may hold; each endpoint reads what it needs.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct Request {
    puzzle: String,
    /// The input text, or ...
    #[serde(default)]
    input: Option<String>,
    /// ... the name of a bundled fixture of the puzzle.
    #[serde(default)]
    fixture: Option<String>,
    /// Solve options by name (`{"metric": "step"}`).
    #[serde(default)]
    options: BTreeMap<String, String>,
    /// The case played, edited or animated, from 1.
    #[serde(default)]
    case: Option<usize>,
    /// The moves played so far.
    #[serde(default)]
    path: String,
    #[serde(default)]
    key: Option<KeyRequest>,
    /// The cell edited, `[row, col]` from 0.
    #[serde(default)]
    cell: Option<[usize; 2]>,
    #[serde(default)]
    kind: Option<char>,
    /// `/api/edit`: the group (a bridge, from 1) a kind of the look's `line_kinds`
    /// joins or acts on.
    #[serde(default)]
    group: Option<usize>,
    /// `/api/edit`: the further cells such a kind needs, `[row, col]` from 0.
    #[serde(default)]
    cells: Vec<[usize; 2]>,
    /// `/api/play`: also find the first move of an optimal line from the position.
    #[serde(default)]
    hint: bool,
    /// `/api/generate`: easy, medium or hard.
    #[serde(default)]
    difficulty: Option<String>,
    /// `/api/generate`: the first seed tried.
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    max_states: Option<u64>,
    #[serde(default)]
    max_seconds: Option<f64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyRequest {
    dir: String,
    #[serde(default)]
    picked: Option<[usize; 2]>,
}

/// A request made ready to run: the puzzle, the input text, options and budget.
struct Job {
    puzzle: &'static dyn Puzzle,
    text: Text,
    options: Options,
    limits: Limits,
    case: usize,
    request: Request,
}

/// The input of a job: a bundled fixture or the request's own text.
enum Text {
    Fixture(&'static str),
    Given(String),
}

impl Text {
    fn input(&self) -> Input<'_> {
        match self {
            Text::Fixture(text) => Input::bytes(text.as_bytes()),
            Text::Given(text) => Input::bytes(text.as_bytes()),
        }
    }
}

impl Job {
    fn new(body: &[u8], app: &App) -> Result<Job, ApiError> {
        let config = &app.config;
        let mut request: Request = serde_json::from_slice(body)
            .map_err(|e| ApiError::bad(format!("the request is not the JSON expected: {e}")))?;
        let puzzle = puzzles::find(&request.puzzle).ok_or_else(|| {
            ApiError::bad(format!(
                "no puzzle {:?} (one of {})",
                request.puzzle,
                puzzles::names()
            ))
        })?;
        let text = match (request.input.take(), &request.fixture) {
            (Some(text), None) => Text::Given(text),
            (None, Some(name)) => {
                let built_in = find_fixture(&request.puzzle, name).map(Text::Fixture);
                let hardest = || {
                    app.atlases
                        .level_text(&request.puzzle, name)
                        .map(|text| Text::Given(text.to_string()))
                };
                built_in.or_else(hardest).ok_or_else(|| {
                    ApiError::new(
                        StatusCode::NOT_FOUND,
                        format!("no bundled {} fixture {name:?}", request.puzzle),
                    )
                })?
            }
            _ => {
                return Err(ApiError::bad(
                    "give the input text or a fixture name, one of them",
                ));
            }
        };
        let mut options = Options::new();
        for (name, value) in &request.options {
            if !puzzle
                .solve_options()
                .iter()
                .any(|o| o.name == name.as_str())
            {
                return Err(ApiError::bad(format!(
                    "{} has no option {name:?}",
                    puzzle.about().name
                )));
            }
            options.set(name, value);
        }
        let mut limits = config.limits;
        if let Some(n) = request.max_states {
            limits.max_states = Some(limits.max_states.map_or(n, |m| m.min(n)));
        }
        if let Some(s) = request.max_seconds {
            let asked = Duration::try_from_secs_f64(s)
                .map_err(|_| ApiError::bad(format!("max_seconds {s} is not a duration")))?;
            limits.max_time = Some(limits.max_time.map_or(asked, |m| m.min(asked)));
        }
        Ok(Job {
            puzzle,
            text,
            options,
            limits,
            case: request.case.unwrap_or(1),
            request,
        })
    }
}

/// A flag the blocking work of a request reads between its steps: set when the
/// request's future is dropped (the client hung up) before the work was done.
#[derive(Clone, Debug, Default)]
struct Cancel(Arc<AtomicBool>);

impl Cancel {
    fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    fn check(&self) -> Result<(), ApiError> {
        if self.is_set() {
            Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "the client left",
            ))
        } else {
            Ok(())
        }
    }
}

/// Sets its [`Cancel`] when dropped, unless disarmed.
struct CancelOnDrop(Option<Cancel>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        if let Some(cancel) = self.0.take() {
            cancel.0.store(true, Ordering::Relaxed);
        }
    }
}

/// One search counted as running while alive.
struct Running<'a>(&'a AtomicUsize);

impl<'a> Running<'a> {
    fn enter(app: &'a App) -> Running<'a> {
        let now = app.running.fetch_add(1, Ordering::SeqCst) + 1;
        app.most.fetch_max(now, Ordering::SeqCst);
        Running(&app.running)
    }
}

impl Drop for Running<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Runs `work` on a thread of its own with one of `pool`'s permits (503 when there is
/// none, or when the thread cannot start). The permit goes with the work, not with the
/// request: a client that hangs up sets the work's [`Cancel`] and frees nothing until
/// the work has stopped. An answer keeps the permit until it is sent (or given up on,
/// [`net::held_body`]), so at most the pool's size of answers are in memory at once.
async fn blocking(
    app: &Arc<App>,
    pool: &Arc<Semaphore>,
    search: bool,
    work: impl FnOnce(&Cancel) -> Result<String, ApiError> + Send + 'static,
) -> Response {
    let Ok(permit) = Arc::clone(pool).try_acquire_owned() else {
        let what = if search { "searches" } else { "edits" };
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("{what} are running already: try again in a moment"),
        )
        .into_response();
    };
    let cancel = Cancel::default();
    let mut on_drop = CancelOnDrop(Some(cancel.clone()));
    let shared = Arc::clone(app);
    let (done, outcome) = tokio::sync::oneshot::channel();
    // A thread of its own rather than tokio's blocking pool, whose `spawn_blocking`
    // panics when the system refuses a thread: here a refusal is a 503 (the work and
    // its permit are dropped unstarted).
    let started = std::thread::Builder::new().spawn(move || {
        let _running = search.then(|| Running::enter(&shared));
        let _ = done.send((work(&cancel), permit));
    });
    if started.is_err() {
        on_drop.0 = None;
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "no thread for the work: try again in a moment",
        )
        .into_response();
    }
    let outcome = outcome.await;
    on_drop.0 = None;
    match outcome {
        Ok((Ok(body), permit)) => net::held_body(body, permit, app.config.timeout),
        Ok((Err(e), _permit)) => e.into_response(),
        Err(_) => {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the search failed").into_response()
        }
    }
}

/// `GET /api/status`: searches running now and the most ever at once, the cap, and the
/// connections open.
async fn status(State(app): State<Arc<App>>) -> Response {
    axum::Json(json!({
        "searches": app.running.load(Ordering::SeqCst),
        "most_searches": app.most.load(Ordering::SeqCst),
        "solves": app.config.solves,
        "connections": app.connections.open(),
        "max_connections": app.config.connections,
    }))
    .into_response()
}

/// A puzzle's [`Game`] as the page reads it: how it looks and is played.
fn game_json(game: &PlayLook) -> Value {
    json!({
        "help": game.help,
        "floor": game.floor.name(),
        "actors": game.actors.name(),
        "movers": game.movers,
        "mover": game.mover,
        "arrows": game.arrows.name(),
        "pick_labels": game.pick_labels,
        "pick": game.pick,
        "piece_word": game.piece_word,
        "goal": game.goal,
        "route": game.route.name(),
        "bridges": game.bridges,
        "line_kinds": game.line_kinds.iter().map(|k| json!({
            "kind": k.kind.to_string(),
            "what": k.what,
            "group": k.group,
            "cells": k.cells,
        })).collect::<Vec<_>>(),
        "colours": game.colours.iter().map(|(name, colour)| (name.to_string(), json!(colour))).collect::<serde_json::Map<_, _>>(),
    })
}

async fn puzzle_list(State(app): State<Arc<App>>) -> Response {
    let list: Vec<Value> = puzzles::PUZZLES
        .iter()
        .map(|p| {
            let about = p.about();
            let fixtures: Vec<&str> = FIXTURES
                .iter()
                .filter(|(puzzle, _, _)| *puzzle == about.name)
                .map(|(_, name, _)| *name)
                .collect();
            let atlas = app.atlases.of(about.name);
            let mut levels: Vec<Value> = levels(about.name)
                .iter()
                .map(|l| json!({"name": l.name, "title": l.title, "game": l.game, "optimum": l.optimum}))
                .collect();
            // The atlas's hardest positions, a list of their own (`atlas: true`).
            levels.extend(atlas.iter().flat_map(|a| &a.hardest).map(|l| {
                json!({"name": l.name, "title": l.title, "game": false, "optimum": l.optimum, "atlas": true})
            }));
            json!({
                "name": about.name,
                "summary": about.summary,
                "unit": about.unit,
                "moves_are": about.moves_are,
                "move_word": about.move_word,
                "never": about.never,
                "legend": p.look().map_or(&[][..], |look| look.legend).iter().map(|(c, what)| json!([c.to_string(), what])).collect::<Vec<_>>(),
                "labels": p.look().is_some_and(|look| look.labels),
                "game": p.player().map(|player| game_json(player.play_look())),
                "capabilities": Capability::ALL.iter().filter(|c| p.has(**c)).map(|c| c.name()).collect::<Vec<_>>(),
                "sample": about.sample,
                "options": p.solve_options().iter().map(|o| json!({"name": o.name, "help": o.help, "default": o.default})).collect::<Vec<_>>(),
                "fixtures": fixtures,
                "levels": levels,
                "atlas": atlas.is_some(),
                "difficulties": if p.generator().is_some() && p.player().is_some() {
                    Difficulty::ALL.iter().map(|d| d.name()).collect::<Vec<_>>()
                } else {
                    Vec::new()
                },
            })
        })
        .collect();
    axum::Json(Value::from(list)).into_response()
}

async fn fixture(
    State(app): State<Arc<App>>,
    Path((puzzle, name)): Path<(String, String)>,
) -> Response {
    if let Some(text) = find_fixture(&puzzle, &name) {
        return asset("text/plain; charset=utf-8", text);
    }
    match app.atlases.level_text(&puzzle, &name) {
        Some(text) => (
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            text.to_string(),
        )
            .into_response(),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no bundled {puzzle} fixture {name:?}"),
        )
        .into_response(),
    }
}

async fn solve(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let job = match Job::new(&body, &app) {
        Ok(job) => job,
        Err(e) => return e.into_response(),
    };
    blocking(&app, &app.permits, true, move |cancel| {
        solve_job(&job, cancel)
    })
    .await
}

/// What one pass over the input found of a case.
struct Line {
    /// The case's `--format json` object.
    json: String,
    moves: Option<u64>,
    /// Whether the object holds the path.
    with_path: bool,
}

/// Every case's `--format json` object (its very text), and the frames of case
/// `job.case`, in memory that follows the input, not the answers.
///
/// A first pass solves every case without its path; the cases whose paths fit in
/// [`MAX_PATH_MOVES`] together (a run of cases around `job.case`) are then solved again
/// with their paths, and case `job.case` animated on the way. The frames are drawn only
/// when the move count allows ([`too_long_to_animate`]); otherwise the answer says why,
/// with the start.
fn solve_job(job: &Job, cancel: &Cancel) -> Result<String, ApiError> {
    let mut lines = solve_pass(job, PathsFor::NONE, usize::MAX, cancel, &mut |_| Ok(()))?;
    let moves: Vec<u64> = lines.iter().map(|l| l.moves.unwrap_or(0)).collect();
    let (first, last) = paths_within(&moves, job.case, MAX_PATH_MOVES);
    let mut animated = None;
    if first <= last {
        let again = solve_pass(
            job,
            PathsFor::cases(first, last),
            last,
            cancel,
            &mut |solved| {
                if solved.number() == job.case {
                    animated = Some(animate(job, solved, cancel)?);
                }
                Ok(())
            },
        )?;
        for (i, line) in again.into_iter().enumerate() {
            lines[i] = line;
        }
    }
    let animated = match (animated, lines.get(job.case.wrapping_sub(1))) {
        (Some(frames), _) => frames,
        (
            None,
            Some(Line {
                moves: Some(moves), ..
            }),
        ) => {
            let message = format!(
                "{moves} moves: too long to animate (no path: one answer holds at most {MAX_PATH_MOVES} moves of paths)"
            );
            Some(start_only(job, *moves, &message, cancel)?)
        }
        (None, _) => None,
    };
    let missing: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| l.moves.is_some() && !l.with_path)
        .map(|(i, _)| i + 1)
        .collect();
    let message = (!missing.is_empty()).then(|| {
        format!(
            "no path for {} {}: one answer holds at most {MAX_PATH_MOVES} moves of paths",
            job.puzzle.about().unit,
            case_list(&missing)
        )
    });
    let answer = SolveAnswer {
        cases: lines
            .into_iter()
            .map(|l| raw(l.json))
            .collect::<Result<_, _>>()?,
        frames: animated.map(raw).transpose()?,
        message,
    };
    serde_json::to_string(&answer).map_err(|e| internal(&e))
}

/// The answer of `/api/solve`: every case's `--format json` object and the frames as
/// they were written (JSON text, put in as it is).
#[derive(Serialize)]
struct SolveAnswer {
    cases: Vec<Box<RawValue>>,
    /// `null` without a solution.
    frames: Option<Box<RawValue>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

/// JSON text written by serde_json, to put in an answer as it is (checked once more on
/// the way in).
fn raw(json: String) -> Result<Box<RawValue>, ApiError> {
    RawValue::from_string(json).map_err(|e| internal(&e))
}

/// A failure of the server's own JSON (a bug).
fn internal(e: &serde_json::Error) -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        format!("the answer broke: {e}"),
    )
}

/// One pass over the cases of `job`, the paths of `paths`, up to case `last`; `each`
/// sees every solved case.
fn solve_pass(
    job: &Job,
    paths: PathsFor,
    last: usize,
    cancel: &Cancel,
    each: &mut dyn FnMut(&dyn Solved) -> Result<(), ApiError>,
) -> Result<Vec<Line>, ApiError> {
    let started = Instant::now();
    let puzzle = job.puzzle;
    let solutions = puzzle
        .solutions(job.text.input(), &job.options, job.limits, paths)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let mut lines = Vec::new();
    for solved in solutions.take(last) {
        cancel.check()?;
        let solved = solved?;
        each(&*solved)?;
        lines.push(Line {
            json: puzzles::json_line(puzzle, &job.options, &*solved, None),
            moves: solved.moves(),
            with_path: paths.has(solved.number()),
        });
        if let Some(budget) = job.limits.max_time
            && started.elapsed() > budget
        {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "the input took more than {} s to solve in all (after {} {}s): ask for less",
                    budget.as_secs_f64(),
                    lines.len(),
                    puzzle.about().unit
                ),
            ));
        }
    }
    Ok(lines)
}

/// The `frames` of `solved` (case `job.case`, with its path), as JSON text: none
/// without a solution; not animated, with the start only, when the move count says
/// the frames would cost too much (the path is then not traced) or their changed cells
/// are too many; else every frame.
fn animate(job: &Job, solved: &dyn Solved, cancel: &Cancel) -> Result<Option<String>, ApiError> {
    let Some(moves) = solved.moves() else {
        return Ok(None);
    };
    if let Some(message) = too_long_to_animate(moves, solved.size()) {
        return start_only(job, moves, &message, cancel).map(Some);
    }
    let Some(mut trace) = solved.frames() else {
        return Ok(None);
    };
    match frames(&mut *trace, solved.size(), &|| cancel.is_set()) {
        Ok(text) | Err(Unframed::TooLong(text)) => Ok(Some(text)),
        Err(Unframed::Stopped) => Err(left()),
        Err(Unframed::Replay(e)) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            e.to_string(),
        )),
    }
}

/// The `frames` of a case that is not animated: its start drawn (by `/api/play`'s way,
/// which replays no move but searches from the start once more; `null` if that search
/// stops at a limit) and `message`.
fn start_only(job: &Job, moves: u64, message: &str, cancel: &Cancel) -> Result<String, ApiError> {
    cancel.check()?;
    let played = job.puzzle.player().map(|player| {
        player.play(
            job.text.input(),
            &job.options,
            job.limits,
            job.case,
            "",
            None,
        )
    });
    let start = played.and_then(Result::ok).map(|p| p.picture);
    Ok(not_animated(moves, start.as_ref(), message))
}

fn left() -> ApiError {
    ApiError::new(StatusCode::REQUEST_TIMEOUT, "the client left")
}

async fn play(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let job = match Job::new(&body, &app) {
        Ok(job) => job,
        Err(e) => return e.into_response(),
    };
    let key = match &job.request.key {
        None => None,
        Some(k) => {
            let dir = match k.dir.as_str() {
                "U" => Dir::Up,
                "D" => Dir::Down,
                "L" => Dir::Left,
                "R" => Dir::Right,
                other => {
                    return ApiError::bad(format!("key {other:?} is none of U D L R"))
                        .into_response();
                }
            };
            Some(Key {
                dir,
                picked: k.picked.map(|[r, c]| Pos::new(r, c)),
            })
        }
    };
    blocking(&app, &app.permits, true, move |cancel| {
        // Every position along the path is held while it is replayed: bounded here by
        // the path's length (a move is at least a character) and the largest board.
        let summary = job.puzzle.inspect(job.text.input())?;
        let moves = job.request.path.trim().len().saturating_add(1);
        if moves.saturating_mul(summary.largest.max(1)) > MAX_REPLAY_CELLS {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "{} characters of moves on a board of {} cells: too long to replay here (at most {MAX_REPLAY_CELLS} moves x cells)",
                    moves - 1,
                    summary.largest
                ),
            ));
        }
        cancel.check()?;
        let player = job.puzzle.player().ok_or_else(|| lacks(job.puzzle, Capability::Play))?;
        let played = player.play(
            job.text.input(),
            &job.options,
            job.limits,
            job.case,
            &job.request.path,
            key,
        )?;
        let mut next = None;
        if job.request.hint && played.refused.is_none() {
            let bytes = match &job.text {
                Text::Fixture(text) => text.as_bytes(),
                Text::Given(text) => text.as_bytes(),
            };
            let game = Game {
                player,
                input: bytes,
                options: &job.options,
                limits: job.limits,
                case: job.case,
                labels: job.puzzle.look().is_some_and(|l| l.labels),
            };
            let started = Instant::now();
            let budget = job.limits.max_time;
            let stop = || cancel.is_set() || budget.is_some_and(|b| started.elapsed() > b);
            let found = next_move(&game, &played.path, &stop).map_err(|e| match e {
                RunError::Usage(_) if cancel.is_set() => left(),
                RunError::Usage(_) if stop() => ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    "the hint took too long to find: no hint on a board this large",
                ),
                other => ApiError::from(other),
            })?;
            next = Some(found);
        }
        Ok(played_json(&played, next.as_ref().map(Option::as_ref)))
    })
    .await
}

/// `POST /api/generate` `{puzzle, difficulty, seed}`: a new board from the puzzle's
/// generator (see [`generate`]): `{input, seed, optimum, difficulty, command}`.
async fn generate_board(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let request: Request = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return ApiError::bad(format!("the request is not the JSON expected: {e}"))
                .into_response();
        }
    };
    let Some(puzzle) = puzzles::find(&request.puzzle) else {
        return ApiError::bad(format!(
            "no puzzle {:?} (one of {})",
            request.puzzle,
            puzzles::names()
        ))
        .into_response();
    };
    let name = request.difficulty.as_deref().unwrap_or("easy");
    let Some(difficulty) = Difficulty::from_name(name) else {
        return ApiError::bad(format!("difficulty {name:?} is none of easy, medium, hard"))
            .into_response();
    };
    let seed = request.seed.unwrap_or(1);
    let limits = app.config.limits;
    blocking(&app, &app.permits, true, move |cancel| {
        // The seeds tried share one search's time budget (each search has it too).
        let started = Instant::now();
        let late = || limits.max_time.is_some_and(|b| started.elapsed() > b);
        let made = generate(puzzle, difficulty, seed, limits, &|| {
            cancel.is_set() || late()
        })
        .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
        cancel.check()?;
        Ok(json!({
            "input": made.input,
            "seed": made.seed,
            "optimum": made.optimum,
            "difficulty": difficulty.name(),
            "command": format!("gridsolve gen --puzzle {} {}", puzzle.about().name, made.command),
        })
        .to_string())
    })
    .await
}

async fn edit(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let job = match Job::new(&body, &app) {
        Ok(job) => job,
        Err(e) => return e.into_response(),
    };
    let (Some([row, col]), Some(kind)) = (job.request.cell, job.request.kind) else {
        return ApiError::bad("an edit needs a cell [row, col] and a kind").into_response();
    };
    let edit = CellEdit {
        pos: Pos::new(row, col),
        kind,
        group: job.request.group,
        cells: job
            .request
            .cells
            .iter()
            .map(|&[r, c]| Pos::new(r, c))
            .collect(),
    };
    blocking(&app, &app.edits, false, move |_| {
        let player = job
            .puzzle
            .player()
            .ok_or_else(|| lacks(job.puzzle, Capability::Play))?;
        let input = player.edit_cell(job.text.input(), &job.options, job.case, &edit)?;
        Ok(json!({"input": input}).to_string())
    })
    .await
}

/// `POST /api/atlas` `{puzzle, input | fixture, case}`: what the puzzle's atlas says
/// of case `case` (default 1): `{in_atlas: true, moves, group, group_size}` (`moves`
/// `null` when the goal cannot be reached), or `{in_atlas: false, why}` for a case
/// outside the atlas's space. No search: a file's header, group table and one block of
/// records are read.
async fn atlas(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let job = match Job::new(&body, &app) {
        Ok(job) => job,
        Err(e) => return e.into_response(),
    };
    let name = job.puzzle.about().name;
    if app.atlases.of(name).is_none() {
        return ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no atlas of {name} is loaded (gridsolve serve --atlas DIR)"),
        )
        .into_response();
    }
    let shared = Arc::clone(&app);
    blocking(&app, &app.edits, false, move |_| {
        let atlas = shared
            .atlases
            .of(job.puzzle.about().name)
            .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no atlas"))?;
        let said = atlas.ask(job.text.input(), job.case).map_err(|e| match e {
            AskFault::Input(e) => ApiError::from(e),
            AskFault::NoCase(n) => ApiError::bad(format!("the input has no case {n}")),
            AskFault::File(why) => ApiError::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("the atlas cannot be read: {why}"),
            ),
        })?;
        Ok(match said {
            Said::Entry(entry) => json!({
                "in_atlas": true,
                "moves": entry.moves,
                "group": entry.group,
                "group_size": entry.group_size,
            }),
            Said::Outside(why) => json!({"in_atlas": false, "why": why}),
        }
        .to_string())
    })
    .await
}
