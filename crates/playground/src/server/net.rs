//! The connections: an accept loop that no error stops, a cap on open connections that
//! closes the oldest idle one to make room, hyper's HTTP/1 with its head (and idle)
//! timeout, a timeout on writes that make no progress, and answer bodies that keep what
//! they hold (a search's permit, the connection's "busy" mark) until they are sent.

use crate::Config;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::http::{HeaderValue, header};
use axum::response::Response;
use http_body::Frame;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Notify, OwnedSemaphorePermit};
use tokio::time::Sleep;
use tower_service::Service as _;

/// How long the accept loop waits after accepting failed (out of file descriptors,
/// say) with no idle connection to close, before it tries again.
const BACKOFF: Duration = Duration::from_millis(20);

/// The most bytes hyper buffers for one connection, reading or writing (its default
/// is about 400 KiB; a request's head must fit).
const CONNECTION_BUFFER: usize = 64 * 1024;

/// How an answer is handed to hyper: a slice at a time, so a connection holds little
/// beyond the answer itself, and the send's deadline is looked at often.
const CHUNK: usize = 16 * 1024;

/// The slowest an answer may be read, in bytes a second, after [`Config::timeout`] of
/// grace: past that, the connection is closed (the client reads too slowly to be
/// waited for while it holds a search's place).
const MIN_RATE: u64 = 256 * 1024;

/// The open connections, oldest first.
#[derive(Debug, Default)]
pub(super) struct Registry {
    open: Mutex<BTreeMap<u64, Arc<Conn>>>,
    next: AtomicU64,
}

/// One open connection, as the registry and the requests on it see it.
#[derive(Debug, Default)]
pub(super) struct Conn {
    /// Requests of this connection past their body and not yet answered in full.
    busy: AtomicUsize,
    /// Told to close (to make room): no longer counted as open.
    closing: AtomicBool,
    close: Notify,
}

/// A request of a connection in hand while alive ([`Conn::busy`]).
#[derive(Debug)]
pub(super) struct Busy(Arc<Conn>);

impl Conn {
    pub(super) fn busy(self: &Arc<Conn>) -> Busy {
        self.busy.fetch_add(1, Ordering::SeqCst);
        Busy(Arc::clone(self))
    }
}

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.busy.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Registry {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<u64, Arc<Conn>>> {
        // A panic while holding the lock leaves a map that is still whole.
        self.open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Connections open and not told to close.
    pub(super) fn open(&self) -> usize {
        self.lock()
            .values()
            .filter(|c| !c.closing.load(Ordering::SeqCst))
            .count()
    }

    fn add(self: &Arc<Registry>) -> Registered {
        let id = self.next.fetch_add(1, Ordering::SeqCst);
        let conn = Arc::new(Conn::default());
        self.lock().insert(id, Arc::clone(&conn));
        Registered {
            registry: Arc::clone(self),
            id,
            conn,
        }
    }

    /// Tells the oldest connection with no request in hand to close; false when every
    /// one has a request.
    fn close_idle(&self) -> bool {
        let open = self.lock();
        let idle = open
            .values()
            .find(|c| !c.closing.load(Ordering::SeqCst) && c.busy.load(Ordering::SeqCst) == 0);
        match idle {
            Some(conn) => {
                conn.closing.store(true, Ordering::SeqCst);
                conn.close.notify_one();
                true
            }
            None => false,
        }
    }
}

/// A connection in the registry, taken out when dropped.
struct Registered {
    registry: Arc<Registry>,
    id: u64,
    conn: Arc<Conn>,
}

impl Drop for Registered {
    fn drop(&mut self) {
        self.registry.lock().remove(&self.id);
    }
}

/// Accepts connections for ever. When accepting fails (out of file descriptors, say),
/// an idle connection is closed, or with none the loop waits [`BACKOFF`]; at
/// [`Config::connections`] open, the oldest idle one is closed to make room, or the new
/// one is refused when every one has a request in hand.
pub(super) async fn accept_loop(
    listener: TcpListener,
    router: Router,
    connections: Arc<Registry>,
    config: Config,
) -> Infallible {
    let cap = config.connections.max(1);
    loop {
        let stream = match listener.accept().await {
            Ok((stream, _)) => stream,
            Err(e) => {
                if matches!(
                    e.kind(),
                    io::ErrorKind::ConnectionAborted | io::ErrorKind::ConnectionReset
                ) {
                    continue;
                }
                // Out of file descriptors, say: the idle connection told to close gives
                // its descriptor back as soon as its task runs; with none to close, wait.
                if connections.close_idle() {
                    tokio::task::yield_now().await;
                } else {
                    tokio::time::sleep(BACKOFF).await;
                }
                continue;
            }
        };
        if connections.open() >= cap && !connections.close_idle() {
            refuse(&stream);
            continue;
        }
        let registered = connections.add();
        tokio::spawn(connection(stream, router.clone(), registered, config));
    }
}

/// Answers 503 on a connection that is not served, as far as the socket takes it at
/// once, and closes it.
fn refuse(stream: &TcpStream) {
    let body = r#"{"error":"too many connections are open: try again in a moment","line":null,"column":null}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Serves one connection until it ends, times out, or is told to close.
async fn connection(stream: TcpStream, router: Router, registered: Registered, config: Config) {
    let _ = stream.set_nodelay(true);
    let conn = Arc::clone(&registered.conn);
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(Arc::clone(&conn));
        let mut router = router.clone();
        async move { router.call(request).await }
    });
    let io = TokioIo::new(Stalling::new(stream, config.timeout));
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(config.timeout)
        .max_buf_size(CONNECTION_BUFFER);
    let serving = builder.serve_connection(io, service);
    tokio::select! {
        _ = serving => {}
        () = registered.conn.close.notified() => {}
    }
    drop(registered);
}

/// A stream whose writes fail with [`io::ErrorKind::TimedOut`] when they have made no
/// progress for `timeout` (a client that does not read its answer).
struct Stalling {
    stream: TcpStream,
    timeout: Duration,
    /// Running while a write waits.
    stalled: Pin<Box<Sleep>>,
    waiting: bool,
}

impl Stalling {
    fn new(stream: TcpStream, timeout: Duration) -> Stalling {
        Stalling {
            stream,
            timeout,
            stalled: Box::pin(tokio::time::sleep(timeout)),
            waiting: false,
        }
    }

    /// `poll` (a write or a flush) with the stall timer around it.
    fn timed<T>(
        &mut self,
        cx: &mut Context<'_>,
        poll: impl FnOnce(Pin<&mut TcpStream>, &mut Context<'_>) -> Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        match poll(Pin::new(&mut self.stream), cx) {
            Poll::Ready(result) => {
                self.waiting = false;
                Poll::Ready(result)
            }
            Poll::Pending => {
                if !self.waiting {
                    self.waiting = true;
                    let deadline = tokio::time::Instant::now() + self.timeout;
                    self.stalled.as_mut().reset(deadline);
                }
                match self.stalled.as_mut().poll(cx) {
                    Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                        io::ErrorKind::TimedOut,
                        "the client reads nothing",
                    ))),
                    Poll::Pending => Poll::Pending,
                }
            }
        }
    }
}

impl AsyncRead for Stalling {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Stalling {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.get_mut().timed(cx, |s, cx| s.poll_write(cx, buf))
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.get_mut()
            .timed(cx, |s, cx| s.poll_write_vectored(cx, bufs))
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().timed(cx, AsyncWrite::poll_flush)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.get_mut().timed(cx, AsyncWrite::poll_shutdown)
    }
}

/// A body that keeps `guard` until it is dropped: sent in full, or given up on.
struct Holding<B, G> {
    body: B,
    _guard: G,
}

impl<B: http_body::Body + Unpin, G: Unpin> http_body::Body for Holding<B, G> {
    type Data = B::Data;
    type Error = B::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<B::Data>, B::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// `response`, its connection marked busy until its body is sent.
pub(super) fn hold(response: Response, busy: Busy) -> Response {
    response.map(|body| Body::new(Holding { body, _guard: busy }))
}

/// A JSON answer of a search, sent [`CHUNK`] bytes at a time, that keeps the search's
/// permit until it is sent; past its deadline (`grace` and [`MIN_RATE`]) the send is
/// given up and the connection closed.
struct Answer {
    data: Bytes,
    deadline: Instant,
    _permit: OwnedSemaphorePermit,
}

/// The send of an answer took longer than its deadline.
#[derive(Debug)]
struct TooSlow;

impl std::fmt::Display for TooSlow {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the client reads its answer too slowly")
    }
}

impl std::error::Error for TooSlow {}

impl http_body::Body for Answer {
    type Data = Bytes;
    type Error = TooSlow;

    fn poll_frame(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, TooSlow>>> {
        let answer = self.get_mut();
        if answer.data.is_empty() {
            return Poll::Ready(None);
        }
        if Instant::now() > answer.deadline {
            return Poll::Ready(Some(Err(TooSlow)));
        }
        let chunk = answer.data.split_to(answer.data.len().min(CHUNK));
        Poll::Ready(Some(Ok(Frame::data(chunk))))
    }

    fn is_end_stream(&self) -> bool {
        self.data.is_empty()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.data.len() as u64)
    }
}

/// The JSON text `body` as an answer that keeps `permit` until it is sent.
pub(super) fn held_body(body: String, permit: OwnedSemaphorePermit, grace: Duration) -> Response {
    let len = body.len() as u64;
    let time = grace + Duration::from_secs_f64(len as f64 / MIN_RATE as f64);
    let now = Instant::now();
    let answer = Answer {
        data: Bytes::from(body),
        deadline: now.checked_add(time).unwrap_or(now + grace),
        _permit: permit,
    };
    let mut response = Response::new(Body::new(answer));
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}
