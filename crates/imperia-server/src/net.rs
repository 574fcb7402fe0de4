//! Accepting connections without letting any one client exhaust them.
//!
//! `axum::serve` has no timeouts and no caps, so the server runs its own accept loop over hyper:
//! - at most [`Limits::connections`] connections at once (the rest wait in the kernel's queue, so the
//!   process never runs out of descriptors), and at most [`Limits::connections_per_address`] from one
//!   address, past which a connection is answered 503 and closed;
//! - a request's headers must arrive within [`Limits::header_timeout`] (hyper's own timer, which also
//!   starts when the connection opens), and a connection on which nothing moves either way for
//!   [`Limits::idle_timeout`] is closed ([`Watched`]), which bounds idle keep-alives and silent WebSockets;
//! - every request carries the peer address as axum's `ConnectInfo`, for the limiters.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::time::{Instant, Sleep};
use tower::Service;

use crate::limits::{Limits, address_key};

/// Serve `router` on `listener` until `shutdown` completes.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    per_address: bool,
    shutdown: impl Future<Output = ()>,
) {
    let permits = Arc::new(Semaphore::new(limits.connections.max(1)));
    let counts = Arc::new(Counts::default());
    let mut shutdown = std::pin::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = permits.clone().acquire_owned() => match permit { Ok(p) => p, Err(_) => return },
            () = &mut shutdown => return,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors or a connection reset before it was accepted: wait a moment.
                    tracing::warn!("accept failed: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => return,
        };
        let key = address_key(peer.ip());
        let Some(counted) = counts.enter(key, if per_address { limits.connections_per_address } else { usize::MAX })
        else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let (router, limits) = (router.clone(), limits.clone());
        tokio::spawn(async move {
            let _held = (permit, counted);
            serve_connection(stream, peer, router, &limits).await;
        });
    }
}

async fn serve_connection(stream: TcpStream, peer: SocketAddr, router: Router, limits: &Limits) {
    let _ = stream.set_nodelay(true);
    let io = TokioIo::new(Watched::new(stream, limits.idle_timeout));
    let service = hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
        let mut request = request.map(axum::body::Body::new);
        request.extensions_mut().insert(ConnectInfo(peer));
        router.clone().call(request)
    });
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        // Requests with more than this in headers are refused by hyper itself (a bare 431); below it, the
        // API's own limit answers in JSON (`api::guard`).
        .max_buf_size((limits.max_headers + limits.max_uri) * 4)
        .keep_alive(true)
        .serve_connection(io, service)
        .with_upgrades()
        .await;
    if let Err(e) = served {
        tracing::debug!("connection from {peer}: {e}");
    }
}

/// Tell a client over its address's limit why it is turned away, briefly, and close.
async fn refuse(mut stream: TcpStream) {
    const BODY: &str = r#"{"error":"too many connections from your address; close some and try again"}"#;
    let answer = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\ncontent-length: {}\r\nretry-after: 5\r\nconnection: close\r\n\r\n{BODY}",
        BODY.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), stream.write_all(answer.as_bytes())).await;
}

/// Open connections per address.
#[derive(Default)]
struct Counts {
    open: Mutex<HashMap<IpAddr, usize>>,
}

/// One counted connection; uncounted when dropped.
struct Counted {
    counts: Arc<Counts>,
    key: IpAddr,
}

impl Counts {
    fn enter(self: &Arc<Self>, key: IpAddr, cap: usize) -> Option<Counted> {
        let mut open = self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = open.entry(key).or_insert(0);
        if *count >= cap {
            return None;
        }
        *count += 1;
        Some(Counted { counts: self.clone(), key })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.counts.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = open.get_mut(&self.key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.key);
            }
        }
    }
}

/// A stream that fails with `TimedOut` once nothing has been read or written for `idle`.
pub struct Watched<S> {
    inner: S,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
}

impl<S> Watched<S> {
    pub fn new(inner: S, idle: Duration) -> Self {
        Watched { inner, idle, deadline: Box::pin(tokio::time::sleep(idle)) }
    }

    fn moved(&mut self) {
        let next = Instant::now() + self.idle;
        self.deadline.as_mut().reset(next);
    }

    fn expired(&mut self, cx: &mut Context<'_>) -> bool {
        self.deadline.as_mut().poll(cx).is_ready()
    }
}

fn idle_error() -> io::Error {
    io::Error::new(io::ErrorKind::TimedOut, "the connection was idle too long")
}

impl<S: AsyncRead + Unpin> AsyncRead for Watched<S> {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        match Pin::new(&mut self.inner).poll_read(cx, buf) {
            Poll::Ready(result) => {
                if buf.filled().len() > before {
                    self.moved();
                }
                Poll::Ready(result)
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(idle_error())),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Watched<S> {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, data) {
            Poll::Ready(Ok(n)) => {
                if n > 0 {
                    self.moved();
                }
                Poll::Ready(Ok(n))
            }
            Poll::Pending if self.expired(cx) => Poll::Ready(Err(idle_error())),
            other => other,
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}
