//! The API's description in OpenAPI 3, generated from the handlers' annotations and served at
//! `/api/openapi.json`.

use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use super::{
    accounts, bot_accounts, bot_ws, content, hints, lobby, notes, play, ratings, review, rollback, rules, talk, ws,
};
use crate::error::ApiError;
use crate::table::AppState;

pub fn routes() -> Router<AppState> {
    Router::new().route("/api/openapi.json", get(openapi))
}

#[derive(utoipa::OpenApi)]
#[openapi(
    info(title = "Imperia", description = "Accounts, lobby and live play of Imperia's games."),
    paths(
        accounts::signup,
        accounts::signin,
        accounts::signout,
        accounts::me,
        accounts::change_password,
        accounts::set_webhook,
        accounts::webhook,
        accounts::test_webhook,
        lobby::catalogue,
        lobby::catalogue_game,
        lobby::bot_levels,
        lobby::create_game,
        lobby::import_game,
        lobby::my_games,
        lobby::lobby,
        lobby::live_games,
        lobby::try_game,
        lobby::join,
        lobby::claim,
        lobby::start,
        lobby::bid,
        lobby::renew_invite,
        content::upload,
        content::my_content,
        play::game_state,
        play::act,
        play::undo,
        play::hand_to_bot,
        play::record,
        play::board,
        play::log,
        play::step,
        hints::hint,
        notes::read,
        notes::write,
        talk::say,
        ratings::leaderboard,
        ratings::profile,
        rules::rules,
        rollback::propose,
        rollback::answer,
        review::read,
        review::ask,
        ws::websocket,
        bot_accounts::create,
        bot_accounts::mine,
        bot_accounts::renew,
        bot_accounts::revoke,
        bot_ws::connect
    ),
    components(schemas(
        ErrorBody,
        crate::table::GameState,
        crate::table::SeatView,
        crate::store::Clock,
        crate::table::PastStep,
        crate::talk::ChatView,
        crate::talk::TimeLimitView,
        crate::rollback::Proposal,
        crate::rollback::RollbackView,
        crate::rules_change::RulesChangeView,
        crate::review::ReviewState,
        crate::review::Review,
        crate::bidding::BidView,
        crate::bidding::SettledView,
        crate::bidding::OpenedBid
    ))
)]
pub struct ApiDoc;

/// Every 4xx and 5xx body.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// What is wrong, in words a person can act on.
    pub error: String,
    /// For a refusal by the rules: the section of the game's rules page it cites.
    pub rule: Option<crate::rulebooks::RuleLink>,
    /// For a proposal to go back refused for want of `informed`: the step that brought something hidden
    /// to light since.
    pub revealed_at: Option<usize>,
}

async fn openapi() -> Response {
    match <ApiDoc as utoipa::OpenApi>::openapi().to_json() {
        Ok(json) => ([(header::CONTENT_TYPE, "application/json")], json).into_response(),
        Err(e) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}
