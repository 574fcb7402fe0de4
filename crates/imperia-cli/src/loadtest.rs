//! `imperia loadtest`: start a server (`imperia serve`, as a child process) and play many games on it at once
//! through its HTTP API, every seat a client choosing random legal actions, while a WebSocket per game
//! follows along. Reports actions per second, the latency of an action (p50, p99), and the server's memory
//! per active game. With `--bot-seats`, the last seats of each game are the server's bots, and the bots'
//! moves per second are reported too; with `--workers`, the server thinks nothing itself and that many
//! `imperia worker`s on the same database do its thinking.

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
    /// Seats of each game's four played by the server's bots (the last ones), 0 to 3.
    #[arg(long, default_value_t = 0)]
    bot_seats: usize,
    /// The level of those bots.
    #[arg(long, default_value = "medium")]
    bot_level: String,
    /// Start the server with no searching of its own (`--bot-threads 0`) and this many `imperia worker`s on
    /// its database.
    #[arg(long, default_value_t = 0)]
    workers: usize,
    /// Threads per worker.
    #[arg(long, default_value_t = 1)]
    worker_threads: usize,
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
    bot_seats: usize,
    workers: usize,
    /// Moves the bots made, over the whole run.
    bot_moves: u64,
    bot_moves_per_second: f64,
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
    /// The workers thinking for it, killed with it.
    workers: Vec<Child>,
}

impl Drop for Served {
    fn drop(&mut self) {
        for child in self.workers.iter_mut().chain(std::iter::once(&mut self.child)) {
            let _ = child.kill();
            let _ = child.wait();
        }
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
    if args.bot_seats > 3 {
        bail!("--bot-seats is from 0 to 3: one seat of four is played by the load test");
    }
    if args.workers > 64 || !(1..=64).contains(&args.worker_threads) {
        bail!("--workers is from 0 to 64, --worker-threads from 1 to 64");
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
    if args.workers > 0 {
        command.args(["--bot-threads", "0"]);
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
    let mut server = Served { child, base: format!("http://{base}"), workers: Vec::new() };
    let database = match &args.database_url {
        Some(url) => url.clone(),
        None => format!("sqlite://{}", data_dir.join("imperia.db").display()),
    };
    for _ in 0..args.workers {
        let threads = args.worker_threads.to_string();
        let worker = Command::new(std::env::current_exe()?)
            .args(["worker", "--database-url", &database, "--threads", &threads])
            .stdout(Stdio::null())
            .stderr(Stdio::inherit())
            .spawn()
            .context("cannot start a worker")?;
        server.workers.push(worker);
    }
    let base = server.base.clone();
    let memory_before = server.rss_kb();

    // One account creates every game and sits in seat 0; guests take the other seats by invitation.
    let mut response = agent()
        .post(format!("{base}/api/signup"))
        .send_json(json!({ "name": format!("loadtest-{}", std::process::id()), "password": "a long password" }))?;
    let owner = Seat { cookie: cookie_of(&response) };
    let _ = response.body_mut().read_to_string();
    let humans = 4 - args.bot_seats;
    let mut seats = vec![json!("human"); humans];
    seats.resize(4, json!(args.bot_level));
    let new_game = || -> Result<(i64, Vec<Seat>)> {
        let (status, body) = call(
            &base,
            "POST",
            "/api/games",
            &owner,
            Some(&json!({ "game": "imperial2030", "seats": seats, "rated": false })),
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
        if humans > 1 {
            let (status, started) = call(&base, "POST", &format!("/api/games/{game}/start"), &owner, Some(&json!({})))?;
            if status != 200 {
                bail!("cannot start game {game}: {started}");
            }
        }
        Ok((game, seats))
    };
    let mut tables = Vec::with_capacity(args.games);
    for _ in 0..args.games {
        tables.push(new_game()?);
    }
    let games: Vec<i64> = tables.iter().map(|(game, _)| *game).collect();
    // Every step is an action, by a client here or by a bot.
    let steps_taken = || -> Result<u64> {
        let mut steps = 0;
        for game in &games {
            let (_, state) = call(&base, "GET", &format!("/api/games/{game}"), &owner, None)?;
            steps += state["steps"].as_u64().unwrap_or(0);
        }
        Ok(steps)
    };
    let steps_before = steps_taken()?;
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
                if seat >= seats.len() {
                    // A bot's turn: the server plays it.
                    std::thread::sleep(Duration::from_millis(5));
                    continue;
                }
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
    let steps = steps_taken()?.saturating_sub(steps_before);
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
        bot_seats: args.bot_seats,
        workers: args.workers,
        bot_moves: steps.saturating_sub(done),
        bot_moves_per_second: steps.saturating_sub(done) as f64 / seconds,
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
        if report.bot_seats > 0 {
            let thinking = match report.workers {
                0 => "on the server".to_string(),
                n => format!("on {n} workers"),
            };
            println!(
                "{} bot moves ({:.0}/s) by {} {} bots a game, thinking {thinking}",
                report.bot_moves, report.bot_moves_per_second, report.bot_seats, args.bot_level
            );
        }
        println!("action latency p50 {:.1} ms, p99 {:.1} ms", report.latency_p50_ms, report.latency_p99_ms);
        println!("{} states pushed over WebSockets", report.websocket_messages);
        println!(
            "server memory {:.1} MB, {:.0} KB per active game",
            report.server_memory_mb, report.memory_per_game_kb
        );
    }
    Ok(())
}
