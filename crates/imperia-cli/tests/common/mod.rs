//! The harness of the server's tests: a real `imperia serve` on loopback, on every storage backend there is,
//! and clients that speak to it as browsers and scripts do.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;

use serde_json::{Value, json};

/// Where a test server keeps its data.
#[derive(Clone, Debug)]
pub enum Storage {
    Sqlite(Scratch),
    Postgres(Database),
}

/// A test's own PostgreSQL database, by URL; dropped once the last handle to it goes (a server's handle goes
/// after its process is killed), so that test runs leave no databases behind on a developer's machine.
#[derive(Clone, Debug)]
pub struct Database(Arc<DatabaseUrl>);

#[derive(Debug)]
struct DatabaseUrl(String);

impl std::ops::Deref for Database {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0.0
    }
}

impl Drop for DatabaseUrl {
    fn drop(&mut self) {
        let Some((admin, name)) = self.0.rsplit_once('/') else { return };
        sqlx::any::install_default_drivers();
        let Ok(runtime) = tokio::runtime::Builder::new_current_thread().enable_all().build() else { return };
        runtime.block_on(async {
            // Connected to the server's own `postgres` database, since a database cannot drop itself.
            let Ok(pool) = sqlx::AnyPool::connect(&format!("{admin}/postgres")).await else { return };
            let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)")).execute(&pool).await;
            pool.close().await;
        });
    }
}

/// Fresh storage for one test on every backend there is.
pub fn backends(name: &str) -> Vec<Storage> {
    let mut all = vec![Storage::Sqlite(data_dir(name))];
    match std::env::var("IMPERIA_TEST_POSTGRES") {
        Ok(admin) if !admin.is_empty() => {
            let stamp = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos());
            all.push(Storage::Postgres(Database(Arc::new(DatabaseUrl(format!(
                "{}/imperia_test_{name}_{}_{stamp}",
                admin.trim_end_matches('/'),
                std::process::id()
            ))))));
        }
        _ => eprintln!("IMPERIA_TEST_POSTGRES is not set: {name} runs against SQLite only (scripts/test runs both)"),
    }
    all
}

/// A server process on a free loopback port, killed when dropped.
pub struct Server {
    pub child: Child,
    pub base: String,
    /// Kept so that a test's data folder outlives its server, which writes there until killed.
    _storage: Storage,
}

impl Server {
    pub fn start(storage: &Storage) -> Server {
        Server::start_with(storage, &[])
    }

    /// A server with extra `imperia serve` arguments.
    pub fn start_with(storage: &Storage, args: &[&str]) -> Server {
        Server::try_start(storage, args).unwrap_or_else(|said| panic!("the server did not start: {said}"))
    }

    /// SIGKILL: no chance to flush or close anything.
    pub fn kill(mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A test's own folder under the system's temporary one, fresh (not yet made), and removed with what is in it
/// once the last handle to it is dropped: a test run leaves nothing behind.
#[derive(Clone, Debug)]
pub struct Scratch(Arc<Folder>);

#[derive(Debug)]
struct Folder(PathBuf);

impl Drop for Folder {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

impl std::ops::Deref for Scratch {
    type Target = Path;
    fn deref(&self) -> &Path {
        &self.0.0
    }
}

impl AsRef<Path> for Scratch {
    fn as_ref(&self) -> &Path {
        self
    }
}

pub fn data_dir(name: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("imperia-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    Scratch(Arc::new(Folder(dir)))
}

/// One client: a cookie jar of one cookie.
#[derive(Clone, Default)]
pub struct Client {
    pub base: String,
    pub cookie: Option<String>,
}

pub fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().into()
}

impl Client {
    pub fn new(server: &Server) -> Client {
        Client { base: server.base.clone(), ..Client::default() }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn post(&mut self, path: &str, body: Value) -> (u16, Value) {
        let mut request = agent().post(self.url(path));
        if let Some(c) = &self.cookie {
            request = request.header("Cookie", c);
        }
        let mut response = request.send_json(&body).expect("a response");
        if let Some(set) = response.headers().get("set-cookie").and_then(|v| v.to_str().ok()) {
            self.cookie = set.split(';').next().map(str::to_string);
        }
        let status = response.status().as_u16();
        (status, response.body_mut().read_json().unwrap_or(Value::Null))
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        let mut request = agent().get(self.url(path));
        if let Some(c) = &self.cookie {
            request = request.header("Cookie", c);
        }
        let mut response = request.call().expect("a response");
        let status = response.status().as_u16();
        (status, response.body_mut().read_json().unwrap_or(Value::Null))
    }

    pub fn signup(&mut self, name: &str) {
        let (status, body) = self.post("/api/signup", json!({ "name": name, "password": "a long password" }));
        assert_eq!(status, 201, "{body}");
    }

    /// A guest taking the seat of an invitation: a new client with the guest's session.
    pub fn guest(server: &Server, game: i64, invite: &str) -> Client {
        let mut guest = Client::new(server);
        let (status, body) = guest.post(&format!("/api/games/{game}/claim"), json!({ "invite": invite }));
        assert_eq!(status, 200, "{body}");
        assert!(guest.cookie.is_some(), "a guest gets a session");
        guest
    }
}

/// Wait until the bots have moved and one of `seats` must act, or the game is over; returns the state as
/// `client` sees it.
pub fn wait_for(client: &Client, game: i64, seats: &[u64]) -> Value {
    for _ in 0..4000 {
        let (status, state) = client.get(&format!("/api/games/{game}"));
        assert_eq!(status, 200, "{state}");
        let to_act = state["to_act"][0].as_u64();
        if state["finished"].as_bool() == Some(true) || to_act.is_some_and(|s| seats.contains(&s)) {
            return state;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("the bots never handed the turn back");
}

/// Wait for `client`'s own turn (seat 0) or the end.
pub fn wait_for_turn(client: &Client, game: i64) -> Value {
    wait_for(client, game, &[0])
}

/// Play seat 0's first legal action until the game is over; the final state.
pub fn play_out(client: &mut Client, game: i64) -> Value {
    for _ in 0..5000 {
        let state = wait_for_turn(client, game);
        if state["finished"] == true {
            return state;
        }
        let (status, body) = client.post(
            &format!("/api/games/{game}/actions"),
            json!({ "version": state["version"], "action": state["legal_actions"][0]["action"] }),
        );
        assert!(status == 200 || status == 409, "{status} {body}");
    }
    panic!("the game does not end");
}

/// A one-shot HTTP receiver on loopback: the bodies of the requests it gets.
pub fn webhook_receiver() -> (String, std::sync::mpsc::Receiver<String>) {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let url = format!("http://{}/hook", listener.local_addr().expect("an address"));
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for stream in listener.incoming().take(8) {
            let Ok(mut stream) = stream else { continue };
            let mut request = Vec::new();
            let mut buf = [0u8; 4096];
            // Read the head, then as much body as Content-Length says.
            while let Ok(n) = stream.read(&mut buf) {
                request.extend_from_slice(&buf[..n]);
                let text = String::from_utf8_lossy(&request).to_string();
                if let Some((head, body)) = text.split_once("\r\n\r\n") {
                    let length = head
                        .lines()
                        .find_map(|l| {
                            l.to_ascii_lowercase()
                                .strip_prefix("content-length:")
                                .map(|v| v.trim().parse::<usize>().unwrap_or(0))
                        })
                        .unwrap_or(0);
                    if body.len() >= length {
                        let _ = tx.send(body.to_string());
                        break;
                    }
                }
                if n == 0 {
                    break;
                }
            }
            let _ = stream.write_all(b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n");
        }
    });
    (url, rx)
}

impl Server {
    /// Start a server that may refuse to start: its address, or what it said on standard error.
    pub fn try_start(storage: &Storage, args: &[&str]) -> Result<Server, String> {
        let mut command = Command::new(env!("CARGO_BIN_EXE_imperia"));
        command.args(["serve", "--bind", "127.0.0.1:0"]).args(args);
        match storage {
            Storage::Sqlite(dir) => command.arg("--data-dir").arg(dir.as_os_str()),
            Storage::Postgres(url) => command.args(["--database-url", &**url]),
        };
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("the binary runs");
        let mut line = String::new();
        let _ = BufReader::new(child.stdout.take().expect("stdout")).read_line(&mut line);
        let mut stderr = child.stderr.take().expect("stderr");
        match line.split("http://").nth(1).and_then(|s| s.split('/').next()) {
            Some(base) => {
                // Pass on what it says, as an inherited stderr would, so it never blocks on a full pipe.
                std::thread::spawn(move || std::io::copy(&mut stderr, &mut std::io::stderr()));
                Ok(Server { child, base: format!("http://{base}"), _storage: storage.clone() })
            }
            None => {
                let mut said = String::new();
                let _ = std::io::Read::read_to_string(&mut stderr, &mut said);
                let _ = child.wait();
                Err(said)
            }
        }
    }
}

/// The database URL a storage names (for tests that look inside or break it).
pub fn database_url(storage: &Storage) -> String {
    match storage {
        Storage::Sqlite(dir) => format!("sqlite://{}", dir.join("imperia.db").display()),
        Storage::Postgres(url) => url.to_string(),
    }
}

/// Run SQL statements on a test server's database, and return the first column of the last one's rows,
/// as text.
pub fn sql(storage: &Storage, statements: &[&str]) -> Vec<String> {
    use sqlx::Row;
    sqlx::any::install_default_drivers();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("a runtime");
    runtime.block_on(async {
        let pool = sqlx::AnyPool::connect(&database_url(storage)).await.expect("the test database opens");
        let mut last = Vec::new();
        for statement in statements {
            let rows = sqlx::query(statement).fetch_all(&pool).await.unwrap_or_else(|e| panic!("{statement}: {e}"));
            last = rows
                .iter()
                .map(|r| {
                    r.try_get::<String, _>(0)
                        .or_else(|_| r.try_get::<i64, _>(0).map(|v| v.to_string()))
                        .unwrap_or_default()
                })
                .collect();
        }
        pool.close().await;
        last
    })
}

pub type Socket = tungstenite::WebSocket<tungstenite::stream::MaybeTlsStream<std::net::TcpStream>>;

/// A WebSocket on a game opened with `client`'s session, once it has read its first view, `seat`'s own.
pub fn seat_socket(server: &Server, game: i64, client: &Client, seat: u64) -> Socket {
    let url = format!("{}/api/games/{game}/ws", server.base.replacen("http", "ws", 1));
    let mut request = tungstenite::client::IntoClientRequest::into_client_request(url.as_str()).expect("a request");
    let cookie = client.cookie.as_deref().expect("a session");
    request.headers_mut().insert("Cookie", cookie.parse().expect("a header"));
    let (mut socket, _) = tungstenite::connect(request).expect("a WebSocket");
    if let tungstenite::stream::MaybeTlsStream::Plain(stream) = socket.get_mut() {
        // Longer than any check takes, shorter than the 25 s ping that would check anyway.
        stream.set_read_timeout(Some(std::time::Duration::from_secs(10))).expect("a timeout");
    }
    let first = next_state_at(&mut socket, |_| true).expect("the first view");
    assert_eq!(first["seat"], seat, "the seat's own view");
    socket
}

/// The first state the socket pushes that `wanted` accepts; `None` once it closes or goes quiet.
pub fn next_state_at(socket: &mut Socket, wanted: impl Fn(&Value) -> bool) -> Option<Value> {
    loop {
        match socket.read().ok()? {
            tungstenite::Message::Text(text) => {
                let state: Value = serde_json::from_str(&text).ok()?;
                if wanted(&state) {
                    return Some(state);
                }
            }
            tungstenite::Message::Close(_) => return None,
            _ => {}
        }
    }
}
