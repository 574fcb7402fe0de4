//! An outside bot run as a child process (`cmd:` in `imperia arena --seats`), spoken to in the
//! [`crate::outside`] protocol over its standard input and output; its standard error is the arena's.
//!
//! Each game starts the program afresh, so nothing a bot keeps survives a game it lost by a fault. Every
//! wait on the bot is bounded by its clock ([`Limits`]), every line it sends by [`MAX_LINE`], and the bot runs
//! in a process group of its own that is killed whole when its game ends, however it ends (the [`Drop`] of
//! [`Running`]): a bot cannot outlive its game, nor leave a process behind it, nor hold the arena up.
//! Two threads per bot carry the lines, so that a bot that stops reading or writing blocks only them.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::outside::{End, Fault, FromBot, Hello, MAX_LINE, TimeLeft, ToBot, Turn};

/// The longest command a `cmd:` spec may give, in bytes.
pub const MAX_COMMAND: usize = 4096;

/// How long a bot is given to exit by itself once told its game ended, before it is killed.
const END_GRACE: Duration = Duration::from_secs(1);

/// A program to run as a bot: its command line split into words, and its clock.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub argv: Vec<String>,
    pub limits: Limits,
}

/// How long a program may think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// To answer `hello`: the program's start-up (loading a model, say).
    pub ready: Duration,
    /// For each decision.
    pub per_move: Duration,
    /// For all of its decisions in one game; `None`: decisions alone are timed.
    pub per_game: Option<Duration>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits { ready: Duration::from_secs(30), per_move: Duration::from_secs(10), per_game: None }
    }
}

/// A `cmd:` command that cannot be run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BadCommand {
    #[error("`cmd:` needs a command to run, such as `cmd:python3 my_bot.py`")]
    Empty,
    #[error("a `cmd:` command may be at most {MAX_COMMAND} bytes long, and this one is {0}")]
    TooLong(usize),
    #[error("`cmd:{0}` cannot be split into words: a quote is not closed")]
    Unsplittable(String),
}

impl Program {
    /// The program a `cmd:` spec names (the text after `cmd:`), split into words as a shell would, but run
    /// without a shell, and with the default [`Limits`].
    pub fn parse(command: &str) -> Result<Program, BadCommand> {
        if command.len() > MAX_COMMAND {
            return Err(BadCommand::TooLong(command.len()));
        }
        let argv = shlex::split(command).ok_or_else(|| BadCommand::Unsplittable(command.to_string()))?;
        if argv.is_empty() {
            return Err(BadCommand::Empty);
        }
        Ok(Program { argv, limits: Limits::default() })
    }
}

impl fmt::Display for Program {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words = shlex::try_join(self.argv.iter().map(String::as_str)).unwrap_or_else(|_| self.argv.join(" "));
        write!(f, "cmd:{words}")
    }
}

/// What the reading thread passes on.
enum Line {
    Text(String),
    TooLong,
    NotText,
    /// The bot's output ended (or could not be read).
    Closed,
}

/// A program started for one game, with its clock.
pub struct Running {
    child: Child,
    /// How the program exited, once it is reaped (after which its process group is not killed again).
    exit: Option<ExitStatus>,
    to_bot: Option<Sender<String>>,
    from_bot: Receiver<Line>,
    limits: Limits,
    /// What is left of the game's time, where the game is timed.
    game_left: Option<Duration>,
    /// The program was sent `hello`: only then is it told how the game ended.
    greeted: bool,
}

impl Running {
    /// Start `program` for seat `seat` of the game `game_id`; an error only if it cannot be started at all.
    pub fn start(program: &Program, game_id: &str, seat: usize) -> io::Result<Running> {
        let mut command = Command::new(&program.argv[0]);
        command.args(&program.argv[1..]).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::inherit());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(io::Error::other("the program's input and output are not pipes"));
        };
        let (to_bot, outbox) = mpsc::channel();
        let (inbox, from_bot) = mpsc::channel();
        let named = |role: &str| std::thread::Builder::new().name(format!("bot {game_id}:{seat} {role}"));
        let started = named("writer")
            .spawn(move || write_lines(stdin, outbox))
            .and_then(|_| named("reader").spawn(move || read_lines(stdout, inbox)));
        let running = Running {
            child,
            exit: None,
            to_bot: Some(to_bot),
            from_bot,
            limits: program.limits,
            game_left: program.limits.per_game,
            greeted: false,
        };
        started.map(|_| running)
    }

    /// Say `hello` and wait for `ready`: the bot's name.
    pub fn greet(&mut self, mut hello: Hello) -> Result<String, Fault> {
        hello.time = TimeLeft::of(self.limits.per_move, self.game_left).0;
        self.send(&ToBot::Hello(hello));
        self.greeted = true;
        self.receive(self.limits.ready)?.ready()
    }

    /// Ask for a decision (`turn.time` is set here, from the bot's clock): the index of the chosen action.
    pub fn decide(&mut self, mut turn: Turn) -> Result<usize, Fault> {
        let (time, limit) = TimeLeft::of(self.limits.per_move, self.game_left);
        turn.time = time;
        let actions = turn.actions.clone();
        let asked = Instant::now();
        self.send(&ToBot::Turn(turn));
        let answer = self.receive(limit);
        if let Some(left) = &mut self.game_left {
            *left = left.saturating_sub(asked.elapsed());
        }
        answer?.chosen(&actions)
    }

    /// Tell the bot its game ended, give it a moment to exit by itself, and end it.
    pub fn finish(mut self, end: &End) {
        // A program a seat before it made forfeit never heard of the game: it only sees its input close.
        if self.greeted {
            self.send(&ToBot::End(end.clone()));
        }
        // Closing the bot's input tells it there is nothing more; the writer closes it once `end` is out.
        self.to_bot = None;
        let deadline = Instant::now() + END_GRACE;
        while let Ok(Line::Text(_)) = self.from_bot.recv_timeout(deadline.saturating_duration_since(Instant::now())) {}
    }

    fn send(&self, message: &ToBot) {
        // A bot that is gone is noticed when its answer does not come.
        if let (Some(to_bot), Ok(line)) = (&self.to_bot, serde_json::to_string(message)) {
            let _ = to_bot.send(line);
        }
    }

    /// The bot's next message within `limit` (blank lines aside).
    fn receive(&mut self, limit: Duration) -> Result<FromBot, Fault> {
        let deadline = Instant::now() + limit;
        loop {
            match self.from_bot.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
                Ok(Line::Text(text)) if text.trim().is_empty() => continue,
                Ok(Line::Text(text)) => return FromBot::read(&text),
                Ok(Line::TooLong) => return Err(Fault::TooLong),
                Ok(Line::NotText) => return Err(Fault::Malformed("the line is not UTF-8".into())),
                Err(RecvTimeoutError::Timeout) => return Err(Fault::Late(limit)),
                Ok(Line::Closed) | Err(RecvTimeoutError::Disconnected) => return Err(self.stopped()),
            }
        }
    }

    /// Why a bot whose output closed stopped: it is ended, and its exit read.
    fn stopped(&mut self) -> Fault {
        match self.end() {
            Some(status) => exit_fault(status),
            None => Fault::Closed,
        }
    }

    /// Kill the bot's process group (once) and reap the bot: its exit status.
    fn end(&mut self) -> Option<ExitStatus> {
        if self.exit.is_none() {
            self.to_bot = None;
            kill_group(&mut self.child);
            self.exit = self.child.wait().ok();
        }
        self.exit
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.end();
    }
}

/// The fault of a bot that exited by itself, or [`Fault::Closed`] for one that had closed its output and
/// was killed for it.
fn exit_fault(status: ExitStatus) -> Fault {
    if let Some(code) = status.code() {
        return Fault::Exited(code);
    }
    #[cfg(unix)]
    if let Some(signal) = std::os::unix::process::ExitStatusExt::signal(&status)
        && signal != nix::sys::signal::Signal::SIGKILL as i32
    {
        return Fault::Killed(signal);
    }
    Fault::Closed
}

#[cfg(unix)]
fn kill_group(child: &mut Child) {
    use nix::sys::signal::{Signal, killpg};
    use nix::unistd::Pid;
    // The group is the bot's own (`process_group(0)`), named by its pid, which cannot be reused before the
    // bot is reaped.
    match i32::try_from(child.id()) {
        Ok(pid) => {
            let _ = killpg(Pid::from_raw(pid), Signal::SIGKILL);
        }
        Err(_) => {
            let _ = child.kill();
        }
    }
}

#[cfg(not(unix))]
fn kill_group(child: &mut Child) {
    let _ = child.kill();
}

/// Write each line to the bot until the lines end or the bot stops reading; then close its input.
fn write_lines(mut stdin: ChildStdin, lines: Receiver<String>) {
    for mut line in lines {
        line.push('\n');
        if stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

/// Pass on each line the bot writes, each read no further than [`MAX_LINE`] bytes, until its output ends.
fn read_lines(stdout: ChildStdout, lines: Sender<Line>) {
    let mut reader = BufReader::new(stdout);
    loop {
        let mut buf = Vec::new();
        let read = (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf);
        let line = match read {
            Ok(0) | Err(_) => Line::Closed,
            Ok(_) if buf.last() == Some(&b'\n') => {
                buf.pop();
                String::from_utf8(buf).map_or(Line::NotText, Line::Text)
            }
            Ok(_) if buf.len() > MAX_LINE => Line::TooLong,
            // The last line, without its newline.
            Ok(_) => String::from_utf8(buf).map_or(Line::NotText, Line::Text),
        };
        let last = matches!(line, Line::Closed | Line::TooLong);
        if lines.send(line).is_err() || last {
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_is_split_as_a_shell_would_and_bounded() {
        let program = Program::parse("python3 'my bot.py' --depth 3").expect("a command");
        assert_eq!(program.argv, ["python3", "my bot.py", "--depth", "3"]);
        assert_eq!(program.to_string(), "cmd:python3 'my bot.py' --depth 3");
        assert_eq!(Program::parse("  "), Err(BadCommand::Empty));
        assert_eq!(Program::parse("python3 'bot.py"), Err(BadCommand::Unsplittable("python3 'bot.py".into())));
        let long = format!("python3 {}", "a".repeat(MAX_COMMAND));
        assert_eq!(Program::parse(&long), Err(BadCommand::TooLong(long.len())));
    }
}
