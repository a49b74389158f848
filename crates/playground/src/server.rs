//! The HTTP side: axum's router over the API, run on tokio.

use crate::{Config, FIXTURES, MAX_BODY, find_fixture, frames, played_json};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use puzzles::{Dir, Input, Key, Limits, Options, PathsFor, Pos, Puzzle, RunError};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::Semaphore;

/// The page and its assets, built in.
const PAGE: &str = include_str!("assets/index.html");
const SCRIPT: &str = include_str!("assets/app.js");
const STYLE: &str = include_str!("assets/style.css");

/// The server's shared state.
#[derive(Debug)]
struct App {
    config: Config,
    permits: Semaphore,
}

/// The router of the page and the API, for `config`.
pub fn router(config: Config) -> Router {
    let app = Arc::new(App {
        config,
        permits: Semaphore::new(config.solves.max(1)),
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
            "/style.css",
            get(|| async { asset("text/css; charset=utf-8", STYLE) }),
        )
        .route("/api/puzzles", get(puzzle_list))
        .route("/api/fixtures/{puzzle}/{name}", get(fixture))
        .route("/api/solve", post(solve))
        .route("/api/play", post(play))
        .route("/api/edit", post(edit))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page").into_response() })
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .with_state(app)
}

/// Serves the playground on `listener` until the process ends.
///
/// # Errors
/// When accepting connections fails.
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    axum::serve(listener, router(config)).await
}

/// Binds `addr` (port 0: any free port), calls `ready` with the address bound, and
/// serves on a single-threaded runtime (searches run on its blocking threads) until the
/// process ends.
///
/// # Errors
/// When the address cannot be bound or serving fails.
pub fn run(
    addr: SocketAddr,
    config: Config,
    ready: impl FnOnce(SocketAddr),
) -> std::io::Result<()> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_io()
        .build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(addr).await?;
        ready(listener.local_addr()?);
        serve(listener, config).await
    })
}

fn asset(content_type: &'static str, body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
}

fn asset_owned(content_type: &'static str, body: String) -> Response {
    ([(header::CONTENT_TYPE, content_type)], body).into_response()
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
    fn new(body: &[u8], config: &Config) -> Result<Job, ApiError> {
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
                Text::Fixture(find_fixture(&request.puzzle, name).ok_or_else(|| {
                    ApiError::new(
                        StatusCode::NOT_FOUND,
                        format!("no bundled {} fixture {name:?}", request.puzzle),
                    )
                })?)
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

/// Runs `work` on a blocking thread while holding one of the search permits.
async fn searching(
    app: &App,
    work: impl FnOnce() -> Result<String, ApiError> + Send + 'static,
) -> Response {
    let Ok(_permit) = app.permits.try_acquire() else {
        return ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "{} searches are running already: try again in a moment",
                app.config.solves
            ),
        )
        .into_response();
    };
    match tokio::task::spawn_blocking(work).await {
        Ok(Ok(body)) => asset_owned("application/json", body),
        Ok(Err(e)) => e.into_response(),
        Err(_) => {
            ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "the search failed").into_response()
        }
    }
}

async fn puzzle_list() -> Response {
    let list: Vec<Value> = puzzles::PUZZLES
        .iter()
        .map(|p| {
            let about = p.about();
            let fixtures: Vec<&str> = FIXTURES
                .iter()
                .filter(|(puzzle, _, _)| *puzzle == about.name)
                .map(|(_, name, _)| *name)
                .collect();
            json!({
                "name": about.name,
                "summary": about.summary,
                "unit": about.unit,
                "moves_are": about.moves_are,
                "move_word": about.move_word,
                "never": about.never,
                "legend": about.legend.iter().map(|(c, what)| json!([c.to_string(), what])).collect::<Vec<_>>(),
                "labels": about.labels,
                "sample": about.sample,
                "options": p.solve_options().iter().map(|o| json!({"name": o.name, "help": o.help, "default": o.default})).collect::<Vec<_>>(),
                "fixtures": fixtures,
            })
        })
        .collect();
    axum::Json(Value::from(list)).into_response()
}

async fn fixture(Path((puzzle, name)): Path<(String, String)>) -> Response {
    match find_fixture(&puzzle, &name) {
        Some(text) => asset("text/plain; charset=utf-8", text),
        None => ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no bundled {puzzle} fixture {name:?}"),
        )
        .into_response(),
    }
}

async fn solve(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let job = match Job::new(&body, &app.config) {
        Ok(job) => job,
        Err(e) => return e.into_response(),
    };
    searching(&app, move || solve_job(&job)).await
}

/// Every case's `--format json` object (its very text), and the frames of case
/// `job.case`.
fn solve_job(job: &Job) -> Result<String, ApiError> {
    let started = Instant::now();
    let puzzle = job.puzzle;
    let solutions = puzzle
        .solutions(job.text.input(), &job.options, job.limits, PathsFor::ALL)
        .map_err(|e| ApiError::bad(e.to_string()))?;
    let mut cases = Vec::new();
    let mut animated = Value::Null;
    for solved in solutions {
        let solved = solved?;
        let line = puzzles::json_line(puzzle, &job.options, &*solved, None);
        cases.push(line);
        if solved.number() == job.case {
            animated = match solved.frames() {
                Some(mut trace) => frames(&mut *trace, solved.size())
                    .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e))?,
                None => Value::Null,
            };
        }
        if let Some(budget) = job.limits.max_time
            && started.elapsed() > budget
        {
            return Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "the input took more than {} s to solve in all (after {} {}s): ask for less",
                    budget.as_secs_f64(),
                    cases.len(),
                    puzzle.about().unit
                ),
            ));
        }
    }
    Ok(format!(
        "{{\"cases\":[{}],\"frames\":{animated}}}",
        cases.join(",")
    ))
}

async fn play(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let job = match Job::new(&body, &app.config) {
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
    searching(&app, move || {
        let played = job.puzzle.play(
            job.text.input(),
            &job.options,
            job.limits,
            job.case,
            &job.request.path,
            key,
        )?;
        Ok(played_json(&played).to_string())
    })
    .await
}

async fn edit(State(app): State<Arc<App>>, body: Bytes) -> Response {
    let job = match Job::new(&body, &app.config) {
        Ok(job) => job,
        Err(e) => return e.into_response(),
    };
    let (Some([row, col]), Some(kind)) = (job.request.cell, job.request.kind) else {
        return ApiError::bad("an edit needs a cell [row, col] and a kind").into_response();
    };
    let edited = job.puzzle.edit_cell(
        job.text.input(),
        &job.options,
        job.case,
        Pos::new(row, col),
        kind,
    );
    match edited {
        Ok(input) => axum::Json(json!({"input": input})).into_response(),
        Err(e) => ApiError::from(e).into_response(),
    }
}
