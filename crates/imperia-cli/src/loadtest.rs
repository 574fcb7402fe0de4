//! `imperia loadtest`: start a server (`imperia serve`, as a child process) and play many games on it at once
//! through its HTTP API, every seat a client choosing random legal actions, while a WebSocket per game
//! follows along. Reports actions per second, the latency of an action (p50, p99), and the server's memory
//! per active game.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, anyhow, bail};
use clap::Args;
use imperia_core::rng::seeded;
use rand::Rng;
use serde::Serialize;
use serde_json::{Value, json};

#[derive(Args)]
pub struct LoadArgs {
    /// Games played at once.
    #[arg(long, default_value_t = 32)]
    games: usize,
    /// How long to play.
    #[arg(long, default_value_t = 20.0)]
    seconds: f64,
    /// Store in PostgreSQL (postgres://…) instead of a fresh SQLite file.
    #[arg(long)]
    database_url: Option<String>,
    /// Print one JSON object.
    #[arg(long)]
    json: bool,
}

#[derive(Serialize)]
struct LoadReport {
    storage: String,
    games: usize,
    seconds: f64,
    actions: u64,
    /// Actions the server refused (each client acts on its own fresh state, so this should be 0).
    refused: u64,
    actions_per_second: f64,
    latency_p50_ms: f64,
    latency_p99_ms: f64,
    websocket_messages: u64,
    server_memory_mb: f64,
    memory_per_game_kb: f64,
}

/// The server under test; killed when dropped.
struct Served {
    child: Child,
    base: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Served {
    /// Resident memory of the server process, in kilobytes.
    fn rss_kb(&self) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id())).unwrap_or_default();
        status
            .lines()
            .find(|l| l.starts_with("VmRSS:"))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder().http_status_as_error(false).build().into()
}

/// A client of one seat: its session cookie (an account's, or a guest's who took the seat by invitation).
#[derive(Clone)]
struct Seat {
    cookie: Option<String>,
}

/// The session cookie a response sets, if any.
fn cookie_of(response: &ureq::http::Response<ureq::Body>) -> Option<String> {
    let set = response.headers().get("set-cookie")?.to_str().ok()?;
    set.split(';').next().map(str::to_string)
}

fn call(base: &str, method: &str, path: &str, who: &Seat, body: Option<&Value>) -> Result<(u16, Value)> {
    let url = format!("{base}{path}");
    let mut response = match method {
        "GET" => {
            let mut r = agent().get(&url);
            if let Some(c) = &who.cookie {
                r = r.header("Cookie", c);
            }
            r.call()?
        }
        _ => {
            let mut r = agent().post(&url);
            if let Some(c) = &who.cookie {
                r = r.header("Cookie", c);
            }
            r.send_json(body.unwrap_or(&Value::Null))?
        }
    };
    let status = response.status().as_u16();
    Ok((status, response.body_mut().read_json().unwrap_or(Value::Null)))
}

pub fn run(args: &LoadArgs) -> Result<()> {
    if args.games == 0 {
        bail!("--games must be at least 1");
    }
    let data_dir = std::env::temp_dir().join(format!("imperia-loadtest-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data_dir);
    let mut command = Command::new(std::env::current_exe()?);
    // One account creates every game: lift the per-account quotas a public server keeps.
    command
        .args(["serve", "--bind", "127.0.0.1:0", "--games-per-hour", "1000000", "--running-games", "1000000"])
        .arg("--data-dir")
        .arg(&data_dir);
    if let Some(url) = &args.database_url {
        command.args(["--database-url", url]);
    }
    let mut child =
        command.stdout(Stdio::piped()).stderr(Stdio::inherit()).spawn().context("cannot start the server")?;
    let mut line = String::new();
    BufReader::new(child.stdout.take().ok_or_else(|| anyhow!("no server output"))?).read_line(&mut line)?;
    let base = line
        .split("http://")
        .nth(1)
        .and_then(|s| s.split('/').next())
        .ok_or_else(|| anyhow!("the server did not start: {line}"))?;
    let server = Served { child, base: format!("http://{base}") };
    let base = server.base.clone();
    let memory_before = server.rss_kb();

    // One account creates every game and sits in seat 0; guests take the other seats by invitation.
    let mut response = agent()
        .post(format!("{base}/api/signup"))
        .send_json(json!({ "name": format!("loadtest-{}", std::process::id()), "password": "a long password" }))?;
    let owner = Seat { cookie: cookie_of(&response) };
    let _ = response.body_mut().read_to_string();
    let new_game = || -> Result<(i64, Vec<Seat>)> {
        let (status, body) = call(
            &base,
            "POST",
            "/api/games",
            &owner,
            Some(&json!({ "game": "imperial2030", "seats": ["human", "human", "human", "human"] })),
        )?;
        if status != 201 {
            bail!("cannot create a game: {body}");
        }
        let game = body["id"].as_i64().unwrap_or(0);
        let mut seats = vec![owner.clone()];
        for invite in body["invites"].as_array().into_iter().flatten() {
            let mut response = agent()
                .post(format!("{base}/api/games/{game}/claim"))
                .send_json(json!({ "invite": invite["invite"] }))?;
            let guest = Seat { cookie: cookie_of(&response) };
            let _ = response.body_mut().read_to_string();
            if guest.cookie.is_none() {
                bail!("an invitation to game {game} seated nobody ({})", response.status());
            }
            seats.push(guest);
        }
        let (status, started) = call(&base, "POST", &format!("/api/games/{game}/start"), &owner, Some(&json!({})))?;
        if status != 200 {
            bail!("cannot start game {game}: {started}");
        }
        Ok((game, seats))
    };
    let mut tables = Vec::with_capacity(args.games);
    for _ in 0..args.games {
        tables.push(new_game()?);
    }
    let memory_loaded = server.rss_kb();

    let stop = Arc::new(AtomicBool::new(false));
    let actions = Arc::new(AtomicU64::new(0));
    let pushes = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let latencies = Arc::new(Mutex::new(Vec::<f64>::new()));
    let started = Instant::now();
    let mut threads = Vec::new();
    for (t, (game, seats)) in tables.into_iter().enumerate() {
        // A spectator's WebSocket per game, counting the states pushed to it.
        let ws_url = format!("{}/api/games/{game}/ws", base.replacen("http", "ws", 1));
        let (stop_ws, pushes) = (stop.clone(), pushes.clone());
        threads.push(std::thread::spawn(move || {
            let Ok((mut socket, _)) = tungstenite::connect(ws_url) else { return };
            if let tungstenite::stream::MaybeTlsStream::Plain(s) = socket.get_ref() {
                let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
            }
            while !stop_ws.load(Ordering::Relaxed) {
                if socket.read().is_ok() {
                    pushes.fetch_add(1, Ordering::Relaxed);
                }
            }
        }));
        let (stop, actions, latencies, base, refused) =
            (stop.clone(), actions.clone(), latencies.clone(), base.clone(), refused.clone());
        threads.push(std::thread::spawn(move || {
            let mut rng = seeded(t as u64);
            let mut mine = Vec::new();
            while !stop.load(Ordering::Relaxed) {
                let Ok((_, state)) = call(&base, "GET", &format!("/api/games/{game}"), &seats[0], None) else { break };
                let Some(seat) = state["to_act"][0].as_u64().map(|s| s as usize) else { break };
                let Ok((_, state)) = call(&base, "GET", &format!("/api/games/{game}"), &seats[seat], None) else {
                    break;
                };
                let legal = state["legal_actions"].as_array().cloned().unwrap_or_default();
                if legal.is_empty() {
                    continue;
                }
                let action = legal[rng.random_range(0..legal.len())]["action"].clone();
                let body = json!({ "version": state["version"], "action": action });
                let sent = Instant::now();
                let Ok((status, _)) =
                    call(&base, "POST", &format!("/api/games/{game}/actions"), &seats[seat], Some(&body))
                else {
                    break;
                };
                if status == 200 {
                    mine.push(sent.elapsed().as_secs_f64() * 1000.0);
                    actions.fetch_add(1, Ordering::Relaxed);
                } else {
                    refused.fetch_add(1, Ordering::Relaxed);
                }
            }
            if let Ok(mut all) = latencies.lock() {
                all.extend(mine);
            }
        }));
    }
    std::thread::sleep(Duration::from_secs_f64(args.seconds));
    stop.store(true, Ordering::Relaxed);
    let seconds = started.elapsed().as_secs_f64();
    let memory_end = server.rss_kb();
    for t in threads {
        let _ = t.join();
    }
    let mut latencies = latencies.lock().map_err(|_| anyhow!("a client thread failed"))?.clone();
    latencies.sort_by(f64::total_cmp);
    let percentile =
        |p: f64| latencies.get(((latencies.len() as f64 - 1.0) * p).round() as usize).copied().unwrap_or(0.0);
    let done = actions.load(Ordering::Relaxed);
    let refused = refused.load(Ordering::Relaxed);
    if done == 0 {
        bail!("no action was accepted ({refused} refused): the server is not playing");
    }
    let report = LoadReport {
        storage: if args.database_url.is_some() { "postgresql".into() } else { "sqlite".into() },
        games: args.games,
        seconds,
        actions: done,
        refused,
        actions_per_second: done as f64 / seconds,
        latency_p50_ms: percentile(0.5),
        latency_p99_ms: percentile(0.99),
        websocket_messages: pushes.load(Ordering::Relaxed),
        server_memory_mb: memory_end / 1024.0,
        memory_per_game_kb: (memory_loaded - memory_before) / args.games as f64,
    };
    drop(server);
    let _ = std::fs::remove_dir_all(&data_dir);
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        println!(
            "{} games at once on {} for {:.1} s: {} actions ({} refused)",
            report.games, report.storage, report.seconds, report.actions, report.refused
        );
        println!("{:.0} actions/s", report.actions_per_second);
        println!("action latency p50 {:.1} ms, p99 {:.1} ms", report.latency_p50_ms, report.latency_p99_ms);
        println!("{} states pushed over WebSockets", report.websocket_messages);
        println!(
            "server memory {:.1} MB, {:.0} KB per active game",
            report.server_memory_mb, report.memory_per_game_kb
        );
    }
    Ok(())
}
