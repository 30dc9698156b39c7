--
-- PostgreSQL database dump
--

\restrict Bv6jBLMRyNJI4YUT37pEPKimVgqgfzmiWbF2RH3WCBthziU7Qigv0YVqsJOWcyn

-- Dumped from database version 15.18 (Debian 15.18-0+deb12u1)
-- Dumped by pg_dump version 15.18 (Debian 15.18-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: account_balances; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account_balances (
    account_id text NOT NULL,
    asset text NOT NULL,
    balance numeric(30,8) NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: ledger_postings; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ledger_postings (
    event_id uuid NOT NULL,
    leg smallint NOT NULL,
    position_commit numeric(20,0) NOT NULL,
    position_prepare numeric(20,0) NOT NULL,
    transaction_id text NOT NULL,
    kind text NOT NULL,
    asset text NOT NULL,
    amount numeric(30,8) NOT NULL,
    from_account text NOT NULL,
    to_account text NOT NULL,
    from_balance_after numeric(30,8) NOT NULL,
    to_balance_after numeric(30,8) NOT NULL,
    actor_id text,
    description text NOT NULL,
    created_at timestamp with time zone NOT NULL,
    CONSTRAINT ledger_postings_amount_check CHECK ((amount > (0)::numeric))
);


--
-- Name: account_history; Type: VIEW; Schema: public; Owner: -
--

CREATE VIEW public.account_history AS
 SELECT ledger_postings.from_account AS account_id,
    ledger_postings.event_id,
    ledger_postings.leg,
    ledger_postings.position_commit,
    ledger_postings.position_prepare,
    ledger_postings.transaction_id,
    ledger_postings.kind,
    ledger_postings.asset,
    (- ledger_postings.amount) AS amount,
    ledger_postings.from_balance_after AS balance_after,
    ledger_postings.to_account AS counterparty,
    ledger_postings.description,
    ledger_postings.created_at
   FROM public.ledger_postings
UNION ALL
 SELECT ledger_postings.to_account AS account_id,
    ledger_postings.event_id,
    ledger_postings.leg,
    ledger_postings.position_commit,
    ledger_postings.position_prepare,
    ledger_postings.transaction_id,
    ledger_postings.kind,
    ledger_postings.asset,
    ledger_postings.amount,
    ledger_postings.to_balance_after AS balance_after,
    ledger_postings.from_account AS counterparty,
    ledger_postings.description,
    ledger_postings.created_at
   FROM public.ledger_postings;


--
-- Name: card_pins; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.card_pins (
    card_id text NOT NULL,
    pin_hash text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: cards; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.cards (
    id text NOT NULL,
    user_id text NOT NULL,
    tier text NOT NULL,
    status text NOT NULL,
    shipping_status text NOT NULL,
    address text,
    city text,
    state text,
    zip_code text,
    country text,
    tracking_number text,
    estimated_delivery text,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: contact_messages; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.contact_messages (
    id text NOT NULL,
    full_name text NOT NULL,
    email text NOT NULL,
    subject text NOT NULL,
    message text NOT NULL,
    user_id text,
    received_at timestamp with time zone NOT NULL
);


--
-- Name: credentials; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.credentials (
    user_id text NOT NULL,
    password_hash text NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: crypto_deposits; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.crypto_deposits (
    id text NOT NULL,
    user_id text NOT NULL,
    asset text NOT NULL,
    network text NOT NULL,
    tx_hash text,
    status text NOT NULL,
    amount numeric(30,8),
    rejection_reason text,
    declared_at timestamp with time zone NOT NULL,
    decided_at timestamp with time zone,
    decided_by text
);


--
-- Name: es_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.es_events (
    global_position bigint NOT NULL,
    transaction_id xid8 DEFAULT pg_current_xact_id() NOT NULL,
    stream_name text NOT NULL,
    stream_revision bigint NOT NULL,
    event_id uuid NOT NULL,
    event_type text NOT NULL,
    data jsonb NOT NULL,
    metadata jsonb NOT NULL,
    created_at timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);


--
-- Name: es_events_global_position_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.es_events_global_position_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: es_events_global_position_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.es_events_global_position_seq OWNED BY public.es_events.global_position;


--
-- Name: es_streams; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.es_streams (
    stream_name text NOT NULL,
    revision bigint NOT NULL,
    last_hash text NOT NULL
);


--
-- Name: idempotency_keys; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.idempotency_keys (
    scope_key text NOT NULL,
    request_hash text NOT NULL,
    state text NOT NULL,
    response_status integer,
    response_body jsonb,
    locked_until timestamp with time zone NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);


--
-- Name: ledger_follow_ups_due; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ledger_follow_ups_due (
    transaction_id text NOT NULL,
    due_at timestamp with time zone NOT NULL,
    debit jsonb NOT NULL
);


--
-- Name: ledger_transactions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.ledger_transactions (
    id text NOT NULL,
    type text NOT NULL,
    asset text NOT NULL,
    amount numeric(30,8) NOT NULL,
    sender_id text,
    receiver_id text,
    description text NOT NULL,
    status text NOT NULL,
    actor_id text,
    created_at timestamp with time zone NOT NULL,
    position_commit numeric(30,0) NOT NULL,
    position_prepare numeric(30,0) NOT NULL
);


--
-- Name: market_prices; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.market_prices (
    currency text NOT NULL,
    price numeric(30,8) NOT NULL,
    change_24h numeric(8,2),
    updated_at timestamp with time zone NOT NULL,
    updated_by text NOT NULL,
    CONSTRAINT market_prices_price_check CHECK ((price > (0)::numeric))
);


--
-- Name: notifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.notifications (
    id uuid NOT NULL,
    user_id text NOT NULL,
    title text NOT NULL,
    message text NOT NULL,
    type text NOT NULL,
    related_id text,
    is_read boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone NOT NULL,
    position_commit numeric(30,0) NOT NULL,
    position_prepare numeric(30,0) NOT NULL
);


--
-- Name: payment_verifications; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payment_verifications (
    id text NOT NULL,
    user_id text NOT NULL,
    payment_method text NOT NULL,
    amount numeric(18,2) NOT NULL,
    notes text NOT NULL,
    proof_image_url text NOT NULL,
    status text NOT NULL,
    rejection_reason text,
    created_at timestamp with time zone NOT NULL,
    verified_at timestamp with time zone,
    verified_by text
);


--
-- Name: projection_checkpoints; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.projection_checkpoints (
    name text NOT NULL,
    position_commit numeric(20,0),
    position_prepare numeric(20,0),
    events_processed bigint DEFAULT 0 NOT NULL,
    updated_at timestamp with time zone DEFAULT now() NOT NULL,
    last_error text,
    last_error_at timestamp with time zone,
    last_error_position text,
    retry_count integer DEFAULT 0 NOT NULL
);


--
-- Name: sessions; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.sessions (
    id text NOT NULL,
    user_id text NOT NULL,
    is_admin boolean NOT NULL,
    remember boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    last_seen_at timestamp with time zone DEFAULT now() NOT NULL,
    idle_expires_at timestamp with time zone NOT NULL,
    absolute_expires_at timestamp with time zone NOT NULL,
    revoked_at timestamp with time zone,
    revoked_reason text
);


--
-- Name: totp_secrets; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.totp_secrets (
    user_id text NOT NULL,
    secret_encrypted text NOT NULL,
    confirmed boolean DEFAULT false NOT NULL,
    last_used_step bigint,
    created_at timestamp with time zone DEFAULT now() NOT NULL,
    confirmed_at timestamp with time zone
);


--
-- Name: transaction_events; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.transaction_events (
    transaction_id text NOT NULL,
    event_id uuid NOT NULL,
    stream_name text NOT NULL,
    stream_revision bigint NOT NULL,
    position_commit numeric(30,0) NOT NULL,
    position_prepare numeric(30,0) NOT NULL,
    event_type text NOT NULL,
    recorded_at timestamp with time zone NOT NULL,
    actor_id text,
    correlation_id text NOT NULL,
    causation_id text,
    hash text NOT NULL
);


--
-- Name: user_preferences; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.user_preferences (
    user_id text NOT NULL,
    email_notifications boolean NOT NULL,
    marketing_communications boolean NOT NULL,
    transaction_alerts boolean NOT NULL,
    language text NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: users; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.users (
    id text NOT NULL,
    email text NOT NULL,
    email_lower text NOT NULL,
    username text NOT NULL,
    first_name text DEFAULT ''::text NOT NULL,
    last_name text DEFAULT ''::text NOT NULL,
    bio text DEFAULT ''::text NOT NULL,
    profile_image_url text DEFAULT ''::text NOT NULL,
    is_admin boolean DEFAULT false NOT NULL,
    status text DEFAULT 'active'::text NOT NULL,
    two_factor_enabled boolean DEFAULT false NOT NULL,
    created_at timestamp with time zone NOT NULL,
    updated_at timestamp with time zone NOT NULL
);


--
-- Name: withdrawals; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.withdrawals (
    id text NOT NULL,
    user_id text NOT NULL,
    asset text NOT NULL,
    amount numeric(30,8) NOT NULL,
    address text NOT NULL,
    chain text NOT NULL,
    notes text NOT NULL,
    status text NOT NULL,
    tx_hash text,
    failure_reason text,
    requested_at timestamp with time zone NOT NULL,
    decided_at timestamp with time zone,
    decided_by text
);


--
-- Name: es_events global_position; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.es_events ALTER COLUMN global_position SET DEFAULT nextval('public.es_events_global_position_seq'::regclass);


--
-- Data for Name: account_balances; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.account_balances VALUES
	('user:3wearena', 'SAI', 20.00000000, '2026-11-27 11:40:05.482+00'),
	('user:efg58v6j', 'SAI', 574.50000000, '2026-11-27 11:40:05.497+00'),
	('user:33gdy2a7', 'SAI', 125.50000000, '2026-11-27 11:40:05.497+00'),
	('custody:ETH', 'ETH', -2.00000000, '2026-11-27 11:40:05.539+00'),
	('outbound:ETH', 'ETH', 0.50000000, '2026-11-27 11:40:05.67+00'),
	('holds:ETH', 'ETH', 0.00000000, '2026-11-27 11:40:05.7+00'),
	('user:efg58v6j', 'ETH', 1.40000000, '2026-11-27 11:40:05.722+00'),
	('user:33gdy2a7', 'ETH', 0.10000000, '2026-11-27 11:40:05.722+00'),
	('issuance:SAI', 'SAI', -1020.00000000, '2026-11-27 11:40:05.755+00'),
	('user:krbdrxpt', 'SAI', 300.00000000, '2026-11-27 11:40:05.755+00');


--
-- Data for Name: card_pins; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.card_pins VALUES
	('cee65fa5-5417-5402-a323-5b6b16885844', '$argon2id$v=19$m=19456,t=2,p=1$ZDaL06pM4EpcYM2nR20lBA$SE25Al1r9Z/dNqCRADJiUvQRd9wKXWVjSV6qlNFH4ps', '2026-11-27 11:40:05.910409+00');


--
-- Data for Name: cards; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.cards VALUES
	('cee65fa5-5417-5402-a323-5b6b16885844', 'krbdrxpt', 'ruby', 'active', 'delivered', '1 Legacy Street', 'Dubai', 'DU', '00000', 'AE', 'DHL-424242', '2026-12-01', '2026-11-27 11:40:05.733+00', '2026-11-27 11:40:05.932+00');


--
-- Data for Name: contact_messages; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.contact_messages VALUES
	('0be30c8f-8241-473e-a3d9-f600eb19da77', 'Ada Visitor', 'ada@legacy.example.com', 'Hello', 'How do I get a card?', NULL, '2026-11-27 11:40:05.979+00');


--
-- Data for Name: credentials; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.credentials VALUES
	('65vs6db8', '$argon2id$v=19$m=19456,t=2,p=1$VNuQ3DT1LVYRlbBNZ+IMaw$+6REKucMPTMA8vry50xLbPVlWD528YwO/mi48+HA6sI', '2026-11-27 11:40:04.694007+00'),
	('efg58v6j', '$argon2id$v=19$m=19456,t=2,p=1$jrZ5VaK9KNlfMAFRwQWNBg$6WC1HWZr+pQCnI+Ni8uznDti4KHeOD4twFYadPfMIlI', '2026-11-27 11:40:05.278923+00'),
	('krbdrxpt', '$argon2id$v=19$m=19456,t=2,p=1$WlSmmEylemeZamFMzUDlxw$CIKiaGR+RNfqaXtMMmorPqHB9ki6Lkuxg7obSTroHJc', '2026-11-27 11:40:05.343387+00'),
	('3wearena', '$argon2id$v=19$m=19456,t=2,p=1$SnaunrvA5UN1U/Zn3PhDsQ$+vrlYGuj0vxF/ki9EIj68yRa1CMBIqRf79jVzMng0Xs', '2026-11-27 11:40:06.089656+00'),
	('33gdy2a7', '$argon2id$v=19$m=19456,t=2,p=1$cwTLMQC4DXWbby+RAY6xTQ$iBbQTZnZiWx5JdBwNnASTHsVi3p8+Y1w6au+r0mtQAw', '2026-11-27 11:40:07.940849+00');


--
-- Data for Name: crypto_deposits; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.crypto_deposits VALUES
	('71a03a8d-0ac2-55a0-8469-89d165206181', 'efg58v6j', 'ETH', 'arbitrum', '0x3e4f5c570003d91b288c72a4a4ab21185e3b5d5be2442dcc1aacbae67724281b', 'confirmed', 2.00000000, NULL, '2026-11-27 11:40:05.509+00', '2026-11-27 11:40:05.536+00', '65vs6db8'),
	('0533a9bc-dd19-5b9e-8070-84e034bebbd4', '33gdy2a7', 'ETH', 'base', '0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294', 'rejected', NULL, 'No such transaction', '2026-11-27 11:40:05.628+00', '2026-11-27 11:40:05.636+00', '65vs6db8'),
	('45ff2057-fb78-53fe-8509-855e964256ce', 'krbdrxpt', 'ETH', 'base', '0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294', 'pending', NULL, NULL, '2026-11-27 11:40:05.653+00', NULL, NULL);


--
-- Data for Name: es_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.es_events VALUES
	(1, '751', 'userEmail-legacy-admin@example.com', 0, 'd1a0b142-382d-43e2-aeac-7d86a5365155', 'UniqueValueReserved', '{"kind": "email", "value": "legacy-admin@example.com", "userId": "65vs6db8", "reservedAt": "2026-11-27T11:40:04.627Z"}', '{"hash": "1b9ef84f2f1e8feec67ef1c5aa820133d3cf2574e35171d549a44ead2c7aef1a", "actorId": null, "prevHash": null, "causationId": "bootstrap-61b6eeb41790", "correlationId": "bootstrap-61b6eeb41790", "idempotencyKey": null}', '2026-11-27 11:40:04.629978+00'),
	(2, '752', 'userName-legacy-admin', 0, 'ea453517-665c-4bbb-865d-fa9d8c255e09', 'UniqueValueReserved', '{"kind": "username", "value": "legacy-admin", "userId": "65vs6db8", "reservedAt": "2026-11-27T11:40:04.646Z"}', '{"hash": "2e41849bdab76263db27c76d9a4cfab9206a7a98ffc44c0de499d93d8b355742", "actorId": null, "prevHash": null, "causationId": "bootstrap-61b6eeb41790", "correlationId": "bootstrap-61b6eeb41790", "idempotencyKey": null}', '2026-11-27 11:40:04.646927+00'),
	(3, '762', 'user-65vs6db8', 0, 'df6a9ee4-c712-49c8-a455-051e8b8ed071', 'UserRegistered', '{"bio": "", "email": "legacy-admin@example.com", "userId": "65vs6db8", "isAdmin": true, "lastName": "", "username": "legacy-admin", "firstName": "Admin", "registeredAt": "2026-11-27T11:40:04.694Z", "profileImageUrl": ""}', '{"hash": "a3ae9fbdac9d958e3233d0094d89e8bf0f9d0f13b00ca34a051cd4cde72ca23e", "actorId": null, "prevHash": null, "causationId": "bootstrap-61b6eeb41790", "correlationId": "bootstrap-61b6eeb41790", "idempotencyKey": null}', '2026-11-27 11:40:04.697997+00'),
	(4, '767', 'userEmail-alice@legacy.example.com', 0, '4d20d4e1-1214-4f6f-a3b1-16307995fb1b', 'UniqueValueReserved', '{"kind": "email", "value": "alice@legacy.example.com", "userId": "efg58v6j", "reservedAt": "2026-11-27T11:40:05.261Z"}', '{"hash": "834042f3949c91c7e9db443f8515363f4a6c3b13fa2ca3341a986e3c11fa9b99", "actorId": null, "prevHash": null, "causationId": "8b967448-e2e5-4f7b-860d-ad9abe784ce5", "correlationId": "8b967448-e2e5-4f7b-860d-ad9abe784ce5", "idempotencyKey": null}', '2026-11-27 11:40:05.261965+00'),
	(5, '769', 'userName-alice_legacy', 0, 'd44d4e1b-5821-4e41-bafb-941d5abe8e99', 'UniqueValueReserved', '{"kind": "username", "value": "alice_legacy", "userId": "efg58v6j", "reservedAt": "2026-11-27T11:40:05.264Z"}', '{"hash": "b526c0ea3b3a576749a1fcd0071a079459d37dd9fbb2725f3b769e81edc9c481", "actorId": null, "prevHash": null, "causationId": "8b967448-e2e5-4f7b-860d-ad9abe784ce5", "correlationId": "8b967448-e2e5-4f7b-860d-ad9abe784ce5", "idempotencyKey": null}', '2026-11-27 11:40:05.265911+00'),
	(6, '773', 'user-efg58v6j', 0, '0abe493e-6a0e-4fe4-ab35-11732a212a61', 'UserRegistered', '{"bio": "", "email": "alice@legacy.example.com", "userId": "efg58v6j", "isAdmin": false, "lastName": "Legacy", "username": "alice_legacy", "firstName": "Alice", "registeredAt": "2026-11-27T11:40:05.279Z", "profileImageUrl": ""}', '{"hash": "979a4b78fc8082b4cc7a19e28339a523434f147dba62d0d1478acf052d4befc4", "actorId": null, "prevHash": null, "causationId": "8b967448-e2e5-4f7b-860d-ad9abe784ce5", "correlationId": "8b967448-e2e5-4f7b-860d-ad9abe784ce5", "idempotencyKey": null}', '2026-11-27 11:40:05.281032+00'),
	(7, '778', 'userEmail-bob@legacy.example.com', 0, '613daa49-9a02-4d5a-b7c8-041e60267bdf', 'UniqueValueReserved', '{"kind": "email", "value": "bob@legacy.example.com", "userId": "33gdy2a7", "reservedAt": "2026-11-27T11:40:05.291Z"}', '{"hash": "3a1e932164ed2e4329c2ca84af5226acad87c21608782b3008425b16ac1a6f1e", "actorId": null, "prevHash": null, "causationId": "bd53ec74-09fb-43f1-a22d-1213b7d2b971", "correlationId": "bd53ec74-09fb-43f1-a22d-1213b7d2b971", "idempotencyKey": null}', '2026-11-27 11:40:05.291977+00'),
	(8, '780', 'userName-bob_legacy', 0, '2abfb673-ff3b-44f1-8f82-8f256694c2d2', 'UniqueValueReserved', '{"kind": "username", "value": "bob_legacy", "userId": "33gdy2a7", "reservedAt": "2026-11-27T11:40:05.294Z"}', '{"hash": "493893125deea5dbd00e598b02b7cdf317dff1eec9c627e63c9f272d90e9ccca", "actorId": null, "prevHash": null, "causationId": "bd53ec74-09fb-43f1-a22d-1213b7d2b971", "correlationId": "bd53ec74-09fb-43f1-a22d-1213b7d2b971", "idempotencyKey": null}', '2026-11-27 11:40:05.295095+00'),
	(9, '784', 'user-33gdy2a7', 0, '6059859d-e2f7-4cf5-a281-2acf067fb1cf', 'UserRegistered', '{"bio": "", "email": "bob@legacy.example.com", "userId": "33gdy2a7", "isAdmin": false, "lastName": "Legacy", "username": "bob_legacy", "firstName": "Bob", "registeredAt": "2026-11-27T11:40:05.310Z", "profileImageUrl": ""}', '{"hash": "2bde3fef4563dd36e2ef95633a20e2c48225362f6a6a999b70aac18d9ee89f40", "actorId": null, "prevHash": null, "causationId": "bd53ec74-09fb-43f1-a22d-1213b7d2b971", "correlationId": "bd53ec74-09fb-43f1-a22d-1213b7d2b971", "idempotencyKey": null}', '2026-11-27 11:40:05.312267+00'),
	(10, '789', 'userEmail-carol@legacy.example.com', 0, 'e7c26166-28de-4ba0-b55a-6fa8daa5317a', 'UniqueValueReserved', '{"kind": "email", "value": "carol@legacy.example.com", "userId": "krbdrxpt", "reservedAt": "2026-11-27T11:40:05.325Z"}', '{"hash": "f4711762f8442b7e490d7f55274d1f4baefdbb2b73f7568e5d7938001e6f9f5d", "actorId": null, "prevHash": null, "causationId": "98cdbf04-dca3-439b-b507-376fe3ae4de7", "correlationId": "98cdbf04-dca3-439b-b507-376fe3ae4de7", "idempotencyKey": null}', '2026-11-27 11:40:05.326493+00'),
	(11, '790', 'userName-carol_legacy', 0, '03f29d17-ecb1-4af2-bc8d-04716dfd32d6', 'UniqueValueReserved', '{"kind": "username", "value": "carol_legacy", "userId": "krbdrxpt", "reservedAt": "2026-11-27T11:40:05.327Z"}', '{"hash": "8ba43095b0aa2f89bff56dd3b40bffa1cdbc6b21235f16eb9bd9633669a5c178", "actorId": null, "prevHash": null, "causationId": "98cdbf04-dca3-439b-b507-376fe3ae4de7", "correlationId": "98cdbf04-dca3-439b-b507-376fe3ae4de7", "idempotencyKey": null}', '2026-11-27 11:40:05.328123+00'),
	(12, '795', 'user-krbdrxpt', 0, '3937dfe0-18ed-4f87-a7c8-232a1d3252bd', 'UserRegistered', '{"bio": "", "email": "carol@legacy.example.com", "userId": "krbdrxpt", "isAdmin": false, "lastName": "Legacy", "username": "carol_legacy", "firstName": "Carol", "registeredAt": "2026-11-27T11:40:05.343Z", "profileImageUrl": ""}', '{"hash": "1ccbe4c83d83773ddf186aac18b0b0602b3013202fa81120e364163d0e463cda", "actorId": null, "prevHash": null, "causationId": "98cdbf04-dca3-439b-b507-376fe3ae4de7", "correlationId": "98cdbf04-dca3-439b-b507-376fe3ae4de7", "idempotencyKey": null}', '2026-11-27 11:40:05.345123+00'),
	(13, '800', 'userEmail-dave@legacy.example.com', 0, '5bb05e83-a294-49ff-a2c9-765f1e95d691', 'UniqueValueReserved', '{"kind": "email", "value": "dave@legacy.example.com", "userId": "3wearena", "reservedAt": "2026-11-27T11:40:05.354Z"}', '{"hash": "4c5cd4757f7b582fbdb73752998d98926ff93c4fad544160a7f7ef19bd338e2e", "actorId": null, "prevHash": null, "causationId": "3943efb8-c63a-4596-a4ea-7d99be1b263b", "correlationId": "3943efb8-c63a-4596-a4ea-7d99be1b263b", "idempotencyKey": null}', '2026-11-27 11:40:05.355861+00'),
	(14, '801', 'userName-dave_legacy', 0, 'f16a2617-51e4-4fac-969d-3e0659b41466', 'UniqueValueReserved', '{"kind": "username", "value": "dave_legacy", "userId": "3wearena", "reservedAt": "2026-11-27T11:40:05.357Z"}', '{"hash": "3ce0111fffa0c021d9a36bba1a433eefa5009d83c2b1b7fc63ca9ca40a8fb89b", "actorId": null, "prevHash": null, "causationId": "3943efb8-c63a-4596-a4ea-7d99be1b263b", "correlationId": "3943efb8-c63a-4596-a4ea-7d99be1b263b", "idempotencyKey": null}', '2026-11-27 11:40:05.358119+00'),
	(15, '806', 'user-3wearena', 0, '735634fe-012f-4cda-90d9-68397c36fde4', 'UserRegistered', '{"bio": "", "email": "dave@legacy.example.com", "userId": "3wearena", "isAdmin": false, "lastName": "Legacy", "username": "dave_legacy", "firstName": "Dave", "registeredAt": "2026-11-27T11:40:05.425Z", "profileImageUrl": ""}', '{"hash": "90e6b81ea40ed512d40c020fcb6db45138011e4bb44bee9ea5adc45474175788", "actorId": null, "prevHash": null, "causationId": "3943efb8-c63a-4596-a4ea-7d99be1b263b", "correlationId": "3943efb8-c63a-4596-a4ea-7d99be1b263b", "idempotencyKey": null}', '2026-11-27 11:40:05.431592+00'),
	(16, '812', 'account-efg58v6j', 0, '29c9bfc8-ebef-5314-a946-4932ee409c5e', 'TokensMinted', '{"asset": "SAI", "amount": "600.00", "source": "distribution", "userId": "efg58v6j", "mintedAt": "2026-11-27T11:40:05.447Z", "mintedBy": "65vs6db8", "paymentId": null, "description": "Token distribution", "transactionId": "bf98ccaa-ab9f-546a-b851-baeb498769d1"}', '{"hash": "0b8745afd61764938b3aa7ebf76483a9e0c42e2cb7cd0b4026fc04f6bfc821e6", "actorId": "65vs6db8", "prevHash": null, "causationId": "ae3f8724-5301-4ae1-9b55-6f81a825d57e", "correlationId": "ae3f8724-5301-4ae1-9b55-6f81a825d57e", "idempotencyKey": "legacy-1"}', '2026-11-27 11:40:05.449425+00'),
	(17, '821', 'account-33gdy2a7', 0, 'e37059a0-72d8-57b1-957c-c2b37a8b63c2', 'TokensMinted', '{"asset": "SAI", "amount": "100.00", "source": "distribution", "userId": "33gdy2a7", "mintedAt": "2026-11-27T11:40:05.465Z", "mintedBy": "65vs6db8", "paymentId": null, "description": "Token distribution", "transactionId": "f78992ad-3084-50cd-9a57-8cc5314e3ede"}', '{"hash": "b51f971d5620ae3ceff9131cc0924bbd66f0994f810e99e0282a3d778d77e84d", "actorId": "65vs6db8", "prevHash": null, "causationId": "d15d3cf2-d11e-4034-9e31-bae582396609", "correlationId": "d15d3cf2-d11e-4034-9e31-bae582396609", "idempotencyKey": "legacy-2"}', '2026-11-27 11:40:05.468593+00'),
	(18, '829', 'account-3wearena', 0, '03e3e9be-23c5-5571-b7b7-14544963f0bd', 'TokensMinted', '{"asset": "SAI", "amount": "20.00", "source": "distribution", "userId": "3wearena", "mintedAt": "2026-11-27T11:40:05.481Z", "mintedBy": "65vs6db8", "paymentId": null, "description": "Token distribution", "transactionId": "fc659bec-0d83-5b61-b3aa-2a741d0169ad"}', '{"hash": "92bd58859f11f329cd428de856496461a1458b1b87f6bac9c830e731153b4430", "actorId": "65vs6db8", "prevHash": null, "causationId": "96ace043-0236-42c9-98f4-91b54c395fa4", "correlationId": "96ace043-0236-42c9-98f4-91b54c395fa4", "idempotencyKey": "legacy-3"}', '2026-11-27 11:40:05.482463+00'),
	(22, '849', 'depositTx-arbitrum-0x3e4f5c570003d91b288c72a4a4ab21185e3b5d5be2442dcc1aacbae67724281b', 0, '5c42798b-c645-55f3-bf06-0e572b1d6b15', 'DepositTxClaimed', '{"txHash": "0x3e4f5c570003d91b288c72a4a4ab21185e3b5d5be2442dcc1aacbae67724281b", "userId": "efg58v6j", "network": "arbitrum", "claimedAt": "2026-11-27T11:40:05.536Z", "depositId": "71a03a8d-0ac2-55a0-8469-89d165206181"}', '{"hash": "7a52697e9e8afc4cef3bc7fea9f3ed8df4c77c87f4fa189701fb45696050d518", "actorId": "65vs6db8", "prevHash": null, "causationId": "8a2e1c39-f13b-46f8-854c-21af3a5c0cec", "correlationId": "8a2e1c39-f13b-46f8-854c-21af3a5c0cec", "idempotencyKey": "legacy-6"}', '2026-11-27 11:40:05.53756+00'),
	(23, '851', 'cryptoDeposit-71a03a8d-0ac2-55a0-8469-89d165206181', 1, '5356f14f-b546-582c-9feb-e2e03ad41276', 'CryptoDepositConfirmed', '{"at": "2026-11-27T11:40:05.536Z", "asset": "ETH", "amount": "2.00000000", "txHash": "0x3e4f5c570003d91b288c72a4a4ab21185e3b5d5be2442dcc1aacbae67724281b", "userId": "efg58v6j", "depositId": "71a03a8d-0ac2-55a0-8469-89d165206181", "confirmedBy": "65vs6db8"}', '{"hash": "58b2bd6f7e7e3abf2ac23b8d402205c74a399830ca347f65a46d79865d6925b1", "actorId": "65vs6db8", "prevHash": "81a80c35ac36ea76b971f940e6ef6069209636b2f127a91c8643e5911025544d", "causationId": "8a2e1c39-f13b-46f8-854c-21af3a5c0cec", "correlationId": "8a2e1c39-f13b-46f8-854c-21af3a5c0cec", "idempotencyKey": "legacy-6"}', '2026-11-27 11:40:05.538273+00'),
	(24, '852', 'account-efg58v6j', 2, '457cf6c5-37cd-5204-9ce4-c051d329edf4', 'CryptoDepositCredited', '{"asset": "ETH", "amount": "2.00000000", "userId": "efg58v6j", "network": "arbitrum", "creditedAt": "2026-11-27T11:40:05.539Z", "transactionId": "71a03a8d-0ac2-55a0-8469-89d165206181"}', '{"hash": "60302d764cde7c83a50b54095a4a13399cbb696578dfe81d47407dbed03fbcf7", "actorId": "65vs6db8", "prevHash": "23c53e5188773750a8e5ef53f59a083c5dbc0e50b7c2c8fd0d98f7763c6011f9", "causationId": "8a2e1c39-f13b-46f8-854c-21af3a5c0cec", "correlationId": "8a2e1c39-f13b-46f8-854c-21af3a5c0cec", "idempotencyKey": "legacy-6"}', '2026-11-27 11:40:05.539706+00'),
	(42, '946', 'payment-fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 1, '16182828-551d-5557-b3d8-08179cc6e275', 'PaymentApproved', '{"amount": "300.00", "userId": "krbdrxpt", "paymentId": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4", "approvedAt": "2026-11-27T11:40:05.753Z", "approvedBy": "65vs6db8"}', '{"hash": "618720d337a1da38fc1fa31052588e6b274d89874ead0b2e91528dfc0ce6911e", "actorId": "65vs6db8", "prevHash": "c3dae8ba3ce42174eebb0d64e28ad238cdda98c4e1032a6868b44c2630e8aedd", "causationId": "fa5d0448-3a0d-40a9-81bf-bf956a47c415", "correlationId": "fa5d0448-3a0d-40a9-81bf-bf956a47c415", "idempotencyKey": "legacy-17"}', '2026-11-27 11:40:05.7539+00'),
	(43, '947', 'account-krbdrxpt', 0, 'e0a312fa-4fba-54fa-ac10-929b62416865', 'TokensMinted', '{"asset": "SAI", "amount": "300.00", "source": "payment", "userId": "krbdrxpt", "mintedAt": "2026-11-27T11:40:05.754Z", "mintedBy": "65vs6db8", "paymentId": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4", "description": "Deposit approved", "transactionId": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4"}', '{"hash": "e88d32ec057a80e90f892dbb6560b7a819d97ef70757668e10567600ab757f8e", "actorId": "65vs6db8", "prevHash": null, "causationId": "fa5d0448-3a0d-40a9-81bf-bf956a47c415", "correlationId": "fa5d0448-3a0d-40a9-81bf-bf956a47c415", "idempotencyKey": "legacy-17"}', '2026-11-27 11:40:05.75511+00'),
	(44, '952', 'payment-47917e93-79b0-524a-8ed6-f6208e6baeb0', 0, '9389e508-3e19-58a6-9bd8-fabce90fda2c', 'PaymentProofSubmitted', '{"notes": "", "amount": "15.00", "userId": "3wearena", "paymentId": "47917e93-79b0-524a-8ed6-f6208e6baeb0", "submittedAt": "2026-11-27T11:40:05.760Z", "paymentMethod": "ETH", "proofImageUrl": ""}', '{"hash": "aecb6c5b16a02669fd59e61883aa4a1d5024a1c64154fafc28b5a84e29d114cb", "actorId": "3wearena", "prevHash": null, "causationId": "cabe2dd4-54ec-49eb-89b3-efbec8c01381", "correlationId": "cabe2dd4-54ec-49eb-89b3-efbec8c01381", "idempotencyKey": "legacy-18"}', '2026-11-27 11:40:05.761347+00'),
	(47, '958', 'payment-47917e93-79b0-524a-8ed6-f6208e6baeb0', 1, '71e8ff08-63ec-5bbb-9c75-0b77f1475674', 'PaymentRejected', '{"reason": "No such payment", "userId": "3wearena", "paymentId": "47917e93-79b0-524a-8ed6-f6208e6baeb0", "rejectedAt": "2026-11-27T11:40:05.769Z", "rejectedBy": "65vs6db8"}', '{"hash": "074350c295aa14f3a0c82701dcd4098b8978ea1bf6919f36b9f25f24b5f7a990", "actorId": "65vs6db8", "prevHash": "aecb6c5b16a02669fd59e61883aa4a1d5024a1c64154fafc28b5a84e29d114cb", "causationId": "e90e3ad0-46d5-4844-9a5b-c6bc53857104", "correlationId": "e90e3ad0-46d5-4844-9a5b-c6bc53857104", "idempotencyKey": "legacy-19"}', '2026-11-27 11:40:05.77004+00'),
	(48, '959', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 3, 'dbdbf92d-29b9-4911-aa42-f4fc8d9f0a14', 'CardTierUpgraded', '{"at": "2026-11-27T11:40:05.770Z", "to": "ruby", "from": "gold", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt"}', '{"hash": "6682fc715b853eb7f124f3bf3a98268e86121871b5530d64498b98d4e15bc059", "actorId": null, "prevHash": "435eeecc81326953f5e6ddfc76ce0b55ebc4c532d5d4b1a4b2ebb86f295127f9", "causationId": "e0a312fa-4fba-54fa-ac10-929b62416865", "correlationId": "fa5d0448-3a0d-40a9-81bf-bf956a47c415"}', '2026-11-27 11:40:05.770935+00'),
	(50, '975', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 5, 'e5695638-85d0-4a5c-b773-1faaa33cb22a', 'CardPinChanged', '{"at": "2026-11-27T11:40:05.893Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt"}', '{"hash": "88d2f550fc2919f02261491bd475b46de1585502ec36cff3cbc8595f4a59c4c4", "actorId": "krbdrxpt", "prevHash": "311a194a5505296e3e71be9880df7c8e1b3ce90440f086ee4c7a8dc21908e762", "causationId": "2a880729-9c98-4ede-9ea9-6af5ff5bef31", "correlationId": "2a880729-9c98-4ede-9ea9-6af5ff5bef31", "idempotencyKey": null}', '2026-11-27 11:40:05.893892+00'),
	(19, '837', 'account-efg58v6j', 1, 'd8379e08-7ef2-5feb-80c4-372afe0c07a1', 'TokensTransferred', '{"asset": "SAI", "amount": "25.50", "toLabel": "bob_legacy", "toUserId": "33gdy2a7", "fromLabel": "alice_legacy", "fromUserId": "efg58v6j", "description": "", "transactionId": "7c1b8328-766c-5989-98a0-31cb0f06db2d", "transferredAt": "2026-11-27T11:40:05.496Z"}', '{"hash": "23c53e5188773750a8e5ef53f59a083c5dbc0e50b7c2c8fd0d98f7763c6011f9", "actorId": "efg58v6j", "prevHash": "0b8745afd61764938b3aa7ebf76483a9e0c42e2cb7cd0b4026fc04f6bfc821e6", "causationId": "951d59ca-a520-46b8-9b0a-5b50d9ff9f8e", "correlationId": "951d59ca-a520-46b8-9b0a-5b50d9ff9f8e", "idempotencyKey": "legacy-4"}', '2026-11-27 11:40:05.497014+00'),
	(20, '838', 'account-33gdy2a7', 1, '8ac89dbf-8d94-5766-8473-954f90dfc450', 'TransferReceived', '{"asset": "SAI", "amount": "25.50", "toUserId": "33gdy2a7", "fromUserId": "efg58v6j", "receivedAt": "2026-11-27T11:40:05.497Z", "transactionId": "7c1b8328-766c-5989-98a0-31cb0f06db2d"}', '{"hash": "0f0b66d469180ecfd4ea52b9b1a9dce7726fc61edaf2ca7b3dc314deee969e61", "actorId": "efg58v6j", "prevHash": "b51f971d5620ae3ceff9131cc0924bbd66f0994f810e99e0282a3d778d77e84d", "causationId": "951d59ca-a520-46b8-9b0a-5b50d9ff9f8e", "correlationId": "951d59ca-a520-46b8-9b0a-5b50d9ff9f8e", "idempotencyKey": "legacy-4"}', '2026-11-27 11:40:05.498816+00'),
	(21, '843', 'cryptoDeposit-71a03a8d-0ac2-55a0-8469-89d165206181', 0, 'e865a54d-3e41-51a3-80ac-0fe132d6d228', 'CryptoDepositDeclared', '{"asset": "ETH", "txHash": null, "userId": "efg58v6j", "network": "arbitrum", "depositId": "71a03a8d-0ac2-55a0-8469-89d165206181", "declaredAt": "2026-11-27T11:40:05.509Z"}', '{"hash": "81a80c35ac36ea76b971f940e6ef6069209636b2f127a91c8643e5911025544d", "actorId": "efg58v6j", "prevHash": null, "causationId": "18bdda05-312e-4cd4-8794-2c514acffead", "correlationId": "18bdda05-312e-4cd4-8794-2c514acffead", "idempotencyKey": "legacy-5"}', '2026-11-27 11:40:05.513151+00'),
	(26, '867', 'cryptoDeposit-0533a9bc-dd19-5b9e-8070-84e034bebbd4', 0, '51b025af-815c-5856-948d-8509c6a3d845', 'CryptoDepositDeclared', '{"asset": "ETH", "txHash": "0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294", "userId": "33gdy2a7", "network": "base", "depositId": "0533a9bc-dd19-5b9e-8070-84e034bebbd4", "declaredAt": "2026-11-27T11:40:05.628Z"}', '{"hash": "2da935f03ca85d2d25ab3d6d30d6441a5c9655bb420f325962151ccc0074588c", "actorId": "33gdy2a7", "prevHash": null, "causationId": "9f17886d-dfbb-40e2-8259-45e251959a83", "correlationId": "9f17886d-dfbb-40e2-8259-45e251959a83", "idempotencyKey": "legacy-7"}', '2026-11-27 11:40:05.63086+00'),
	(27, '871', 'cryptoDeposit-0533a9bc-dd19-5b9e-8070-84e034bebbd4', 1, '7a2108be-1d95-5915-b91d-c541ed281c6d', 'CryptoDepositRejected', '{"at": "2026-11-27T11:40:05.636Z", "reason": "No such transaction", "userId": "33gdy2a7", "depositId": "0533a9bc-dd19-5b9e-8070-84e034bebbd4", "rejectedBy": "65vs6db8"}', '{"hash": "bba4ed721b4c8dcb9521211a5e03e387f8bb40b85338f779a8ab4786324796cb", "actorId": "65vs6db8", "prevHash": "2da935f03ca85d2d25ab3d6d30d6441a5c9655bb420f325962151ccc0074588c", "causationId": "d884c6bd-d5a6-4d5a-8153-5fb93c1cba61", "correlationId": "d884c6bd-d5a6-4d5a-8153-5fb93c1cba61", "idempotencyKey": "legacy-8"}', '2026-11-27 11:40:05.637091+00'),
	(30, '880', 'cryptoDeposit-45ff2057-fb78-53fe-8509-855e964256ce', 0, 'bea1edb8-1123-5e3e-8813-4416495f281d', 'CryptoDepositDeclared', '{"asset": "ETH", "txHash": "0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294", "userId": "krbdrxpt", "network": "base", "depositId": "45ff2057-fb78-53fe-8509-855e964256ce", "declaredAt": "2026-11-27T11:40:05.653Z"}', '{"hash": "7db8389e790504a6d7a6c8f48660bac9f5efb3ffe2816bf7a75e6ad792e54f42", "actorId": "krbdrxpt", "prevHash": null, "causationId": "230ce3e9-6158-4065-b7c6-071c5b4de244", "correlationId": "230ce3e9-6158-4065-b7c6-071c5b4de244", "idempotencyKey": "legacy-9"}', '2026-11-27 11:40:05.655196+00'),
	(31, '887', 'account-efg58v6j', 3, '3c1c84a6-b80d-5e78-9516-075c669ac5c2', 'WithdrawalHoldPlaced', '{"asset": "ETH", "chain": "arbitrum", "notes": "", "amount": "0.50000000", "userId": "efg58v6j", "address": "0x1111222233334444555566667777888899990000", "placedAt": "2026-11-27T11:40:05.662Z", "transactionId": "d54ab5d8-40d5-55d5-80f9-cbadf0b864e2"}', '{"hash": "c5d41216657671a5a83cafba8b24e5d16508a26c387739647c1b8beee68a7211", "actorId": "efg58v6j", "prevHash": "60302d764cde7c83a50b54095a4a13399cbb696578dfe81d47407dbed03fbcf7", "causationId": "9c20ab10-8246-4141-ac80-04e7af12a4d1", "correlationId": "9c20ab10-8246-4141-ac80-04e7af12a4d1", "idempotencyKey": "legacy-10"}', '2026-11-27 11:40:05.662489+00'),
	(32, '889', 'withdrawal-d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 0, 'e9afaa5e-7458-519f-830c-d3ae8f278e94', 'WithdrawalRequested', '{"asset": "ETH", "chain": "arbitrum", "notes": "", "amount": "0.50000000", "userId": "efg58v6j", "address": "0x1111222233334444555566667777888899990000", "requestedAt": "2026-11-27T11:40:05.663Z", "withdrawalId": "d54ab5d8-40d5-55d5-80f9-cbadf0b864e2"}', '{"hash": "bf598ff85664666d98ef44df2c18a0b11d51076bb12c13623030bab85dde60b0", "actorId": "efg58v6j", "prevHash": null, "causationId": "9c20ab10-8246-4141-ac80-04e7af12a4d1", "correlationId": "9c20ab10-8246-4141-ac80-04e7af12a4d1", "idempotencyKey": "legacy-10"}', '2026-11-27 11:40:05.664088+00'),
	(33, '893', 'withdrawal-d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 1, 'c92799cd-331d-5e37-997a-15672b7163ef', 'WithdrawalCompleted', '{"at": "2026-11-27T11:40:05.669Z", "asset": "ETH", "amount": "0.50000000", "txHash": "abcdef0123456789", "userId": "efg58v6j", "completedBy": "65vs6db8", "withdrawalId": "d54ab5d8-40d5-55d5-80f9-cbadf0b864e2"}', '{"hash": "77e1e00610145305c3a9bf4aab44e7fde5dc7207f34c5f719408803ad339ce96", "actorId": "65vs6db8", "prevHash": "bf598ff85664666d98ef44df2c18a0b11d51076bb12c13623030bab85dde60b0", "causationId": "72f49fb1-c52d-413e-9cfc-0de2b962a342", "correlationId": "72f49fb1-c52d-413e-9cfc-0de2b962a342", "idempotencyKey": "legacy-11"}', '2026-11-27 11:40:05.670085+00'),
	(35, '906', 'withdrawal-0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 0, '34d579c2-4016-5bed-b8ab-2b8d1d1399f6', 'WithdrawalRequested', '{"asset": "ETH", "chain": "arbitrum", "notes": "", "amount": "0.25000000", "userId": "efg58v6j", "address": "0x1111222233334444555566667777888899990000", "requestedAt": "2026-11-27T11:40:05.692Z", "withdrawalId": "0f7e346c-1051-5adc-b0ca-d930e3c42cd2"}', '{"hash": "ab5060707b90fd3dabf01bb056c706a0eecbb9f1ba87711872ceb30bda916700", "actorId": "efg58v6j", "prevHash": null, "causationId": "df79b935-789a-497e-a93f-63a6b90fbd4e", "correlationId": "df79b935-789a-497e-a93f-63a6b90fbd4e", "idempotencyKey": "legacy-12"}', '2026-11-27 11:40:05.693206+00'),
	(36, '913', 'withdrawal-0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 1, '5736a2c3-c423-54d9-bde0-c84f3c590c1c', 'WithdrawalFailed', '{"at": "2026-11-27T11:40:05.699Z", "asset": "ETH", "amount": "0.25000000", "reason": "Address rejected by the network", "userId": "efg58v6j", "failedBy": "65vs6db8", "withdrawalId": "0f7e346c-1051-5adc-b0ca-d930e3c42cd2"}', '{"hash": "ece172841a90905c68ae78072ab3e4ed427fc05119827ff91a62fc1ac96b8400", "actorId": "65vs6db8", "prevHash": "ab5060707b90fd3dabf01bb056c706a0eecbb9f1ba87711872ceb30bda916700", "causationId": "fe740f3a-7765-4f27-865b-b08b727b2116", "correlationId": "fe740f3a-7765-4f27-865b-b08b727b2116", "idempotencyKey": "legacy-13"}', '2026-11-27 11:40:05.700269+00'),
	(37, '914', 'account-efg58v6j', 5, 'df40e77c-2047-53e0-965e-a3fb572abf47', 'WithdrawalHoldReleased', '{"asset": "ETH", "amount": "0.25000000", "userId": "efg58v6j", "releasedAt": "2026-11-27T11:40:05.700Z", "withdrawalId": "0f7e346c-1051-5adc-b0ca-d930e3c42cd2", "transactionId": "0f7e346c-1051-5adc-b0ca-d930e3c42cd2:released"}', '{"hash": "7d3de50b47a0ca0c90cdff068bef18c4ae4af99042f96d38f4bf3ec880a019d4", "actorId": "65vs6db8", "prevHash": "1f99969c6cb8a62071a4f8aa98a756cd2c13564b8d832a0a5341aeb69c19f3e7", "causationId": "fe740f3a-7765-4f27-865b-b08b727b2116", "correlationId": "fe740f3a-7765-4f27-865b-b08b727b2116", "idempotencyKey": "legacy-13"}', '2026-11-27 11:40:05.701041+00'),
	(25, '866', 'depositTx-base-0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294', 0, '0c2ef0b7-4ef0-5176-9964-c6ab575775aa', 'DepositTxClaimed', '{"txHash": "0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294", "userId": "33gdy2a7", "network": "base", "claimedAt": "2026-11-27T11:40:05.629Z", "depositId": "0533a9bc-dd19-5b9e-8070-84e034bebbd4"}', '{"hash": "9cfaedde6f9edb9b6f4c4b21a8dee02e2ba22f81d243e91fdb92e8240f2482eb", "actorId": "33gdy2a7", "prevHash": null, "causationId": "9f17886d-dfbb-40e2-8259-45e251959a83", "correlationId": "9f17886d-dfbb-40e2-8259-45e251959a83", "idempotencyKey": "legacy-7"}', '2026-11-27 11:40:05.629719+00'),
	(28, '879', 'depositTx-base-0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294', 1, '954b96dc-4680-5c92-9dc1-eb72f332dfdf', 'DepositTxReleased', '{"reason": "rejected", "txHash": "0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294", "network": "base", "depositId": "0533a9bc-dd19-5b9e-8070-84e034bebbd4", "releasedAt": "2026-11-27T11:40:05.653Z"}', '{"hash": "5d016806f69ffe5464f4b50238c1a494ef30405fe0b7cdac9738f4e6715b898a", "actorId": "krbdrxpt", "prevHash": "9cfaedde6f9edb9b6f4c4b21a8dee02e2ba22f81d243e91fdb92e8240f2482eb", "causationId": "230ce3e9-6158-4065-b7c6-071c5b4de244", "correlationId": "230ce3e9-6158-4065-b7c6-071c5b4de244", "idempotencyKey": "legacy-9"}', '2026-11-27 11:40:05.654301+00'),
	(29, '879', 'depositTx-base-0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294', 2, '5d401207-9d98-5a79-acb5-5aad0b465c81', 'DepositTxClaimed', '{"txHash": "0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294", "userId": "krbdrxpt", "network": "base", "claimedAt": "2026-11-27T11:40:05.653Z", "depositId": "45ff2057-fb78-53fe-8509-855e964256ce"}', '{"hash": "6f8b22d6d0c90e11904e9fa58c290a548ed25271d4b6370a78aa9dc2f89de51e", "actorId": "krbdrxpt", "prevHash": "5d016806f69ffe5464f4b50238c1a494ef30405fe0b7cdac9738f4e6715b898a", "causationId": "230ce3e9-6158-4065-b7c6-071c5b4de244", "correlationId": "230ce3e9-6158-4065-b7c6-071c5b4de244", "idempotencyKey": "legacy-9"}', '2026-11-27 11:40:05.654314+00'),
	(34, '905', 'account-efg58v6j', 4, '99acaa1a-3e00-55b1-aff2-9f869500d5b1', 'WithdrawalHoldPlaced', '{"asset": "ETH", "chain": "arbitrum", "notes": "", "amount": "0.25000000", "userId": "efg58v6j", "address": "0x1111222233334444555566667777888899990000", "placedAt": "2026-11-27T11:40:05.689Z", "transactionId": "0f7e346c-1051-5adc-b0ca-d930e3c42cd2"}', '{"hash": "1f99969c6cb8a62071a4f8aa98a756cd2c13564b8d832a0a5341aeb69c19f3e7", "actorId": "efg58v6j", "prevHash": "c5d41216657671a5a83cafba8b24e5d16508a26c387739647c1b8beee68a7211", "causationId": "df79b935-789a-497e-a93f-63a6b90fbd4e", "correlationId": "df79b935-789a-497e-a93f-63a6b90fbd4e", "idempotencyKey": "legacy-12"}', '2026-11-27 11:40:05.689679+00'),
	(38, '925', 'account-efg58v6j', 6, 'fe46b172-5ed5-5618-bcb2-f4c68e999233', 'TokensTransferred', '{"asset": "ETH", "amount": "0.10000000", "toLabel": "bob_legacy", "toUserId": "33gdy2a7", "fromLabel": "alice_legacy", "fromUserId": "efg58v6j", "description": "gas money", "transactionId": "255813b2-921b-5b72-a4a8-f648d0dc75d2", "transferredAt": "2026-11-27T11:40:05.721Z"}', '{"hash": "c1d272a93d7b2e00d9e70fd1635b8b46dd72cd8a63a073227accf80997eb801f", "actorId": "efg58v6j", "prevHash": "7d3de50b47a0ca0c90cdff068bef18c4ae4af99042f96d38f4bf3ec880a019d4", "causationId": "7e067148-0e1a-4893-bf01-c44cb9627107", "correlationId": "7e067148-0e1a-4893-bf01-c44cb9627107", "idempotencyKey": "legacy-14"}', '2026-11-27 11:40:05.722338+00'),
	(49, '973', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 4, '97780257-675f-49b4-8bd0-a043d539592e', 'CardShippingAddressSet', '{"setAt": "2026-11-27T11:40:05.888Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt", "address": {"city": "Dubai", "state": "DU", "address": "1 Legacy Street", "country": "AE", "zipCode": "00000"}}', '{"hash": "311a194a5505296e3e71be9880df7c8e1b3ce90440f086ee4c7a8dc21908e762", "actorId": "krbdrxpt", "prevHash": "6682fc715b853eb7f124f3bf3a98268e86121871b5530d64498b98d4e15bc059", "causationId": "7d3981eb-f74f-4b47-8b13-04b3b748daf7", "correlationId": "7d3981eb-f74f-4b47-8b13-04b3b748daf7", "idempotencyKey": null}', '2026-11-27 11:40:05.889262+00'),
	(51, '983', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 6, '0157b901-3abd-4c88-a16a-bde745d447c0', 'CardShipped', '{"at": "2026-11-27T11:40:05.916Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt", "shippedBy": "65vs6db8", "trackingNumber": "DHL-424242", "estimatedDelivery": "2026-12-01"}', '{"hash": "463561e2db05a72ece6daa31bc4783f16c49486abd5decbfd343c61ad276769f", "actorId": "65vs6db8", "prevHash": "88d2f550fc2919f02261491bd475b46de1585502ec36cff3cbc8595f4a59c4c4", "causationId": "c9ad171c-a037-47a0-9022-bf57d6277a24", "correlationId": "c9ad171c-a037-47a0-9022-bf57d6277a24", "idempotencyKey": null}', '2026-11-27 11:40:05.917612+00'),
	(54, '995', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 9, '9b940702-50c1-4f91-93a6-f5438bceeb41', 'CardUnfrozen', '{"at": "2026-11-27T11:40:05.932Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt"}', '{"hash": "b885d5c71de628973b96aa4f9150e6f47d343bebb7ece234e0fc5afc289f0275", "actorId": "krbdrxpt", "prevHash": "5686b32261564820982e0cb9f8e590640b7c64cadedbf0d55f44501581c67e4d", "causationId": "e0dd5b25-fd4d-4bf0-9e64-8d83507dafc2", "correlationId": "e0dd5b25-fd4d-4bf0-9e64-8d83507dafc2", "idempotencyKey": null}', '2026-11-27 11:40:05.932947+00'),
	(55, '999', 'settings-market', 0, '80d0956b-7b87-4c49-94f3-39a5f37ef247', 'CryptoPriceSet', '{"price": "3100.50", "setAt": "2026-11-27T11:40:05.937Z", "setBy": "65vs6db8", "currency": "ETH", "change24h": "0"}', '{"hash": "7f9d694f7293148e4ccab01939e880c4ca5070c311681e19dc5e476ba81637d3", "actorId": "65vs6db8", "prevHash": null, "causationId": "a2f53909-e440-4ae5-aa3d-9c7da6843f26", "correlationId": "a2f53909-e440-4ae5-aa3d-9c7da6843f26", "idempotencyKey": null}', '2026-11-27 11:40:05.938036+00'),
	(57, '1009', 'contactMessage-0be30c8f-8241-473e-a3d9-f600eb19da77', 0, '8eb65fb4-fecf-4065-8387-c9671fd9a99c', 'ContactMessageReceived', '{"email": "ada@legacy.example.com", "userId": null, "message": "How do I get a card?", "subject": "Hello", "fullName": "Ada Visitor", "messageId": "0be30c8f-8241-473e-a3d9-f600eb19da77", "receivedAt": "2026-11-27T11:40:05.979Z"}', '{"hash": "c69c75598768f08237b0167db7ad80fb287d921f9b4360a9db54d88392160cab", "actorId": null, "prevHash": null, "causationId": "6b8b0484-71a3-4153-9517-b73861d31509", "correlationId": "6b8b0484-71a3-4153-9517-b73861d31509", "idempotencyKey": null}', '2026-11-27 11:40:05.980853+00'),
	(60, '1017', 'userName-bob_legacy', 1, '9a352d3e-c1a5-4a5e-8411-16338cf8cf7b', 'UniqueValueReleased', '{"kind": "username", "value": "bob_legacy", "reason": "changed", "userId": "33gdy2a7", "releasedAt": "2026-11-27T11:40:05.992Z"}', '{"hash": "c371b9f6177e37aff8e2ccd12f31f6628f9990ec730bf52c3814ee239046f2d1", "actorId": "33gdy2a7", "prevHash": "493893125deea5dbd00e598b02b7cdf317dff1eec9c627e63c9f272d90e9ccca", "causationId": "2d8b9283-9ec3-4974-92b2-1c980cc30f88", "correlationId": "2d8b9283-9ec3-4974-92b2-1c980cc30f88", "idempotencyKey": null}', '2026-11-27 11:40:05.994675+00'),
	(64, '1040', 'user-3wearena', 2, 'c7902043-d319-4414-8a38-c15c28f63106', 'TwoFactorEnabled', '{"userId": "3wearena", "enabledAt": "2026-11-27T11:40:06.242Z"}', '{"hash": "c0e24fc7a438b1007973952acf8710b80d7f53a53c5fa8b3d5e562648b3bfba6", "actorId": "3wearena", "prevHash": "b58019b95999eca9cb4ea4e8e3805c522704f9dd8fc6727b599f302540c6dd44", "causationId": "e964ff75-dec0-4b04-b320-da3aff35a472", "correlationId": "e964ff75-dec0-4b04-b320-da3aff35a472", "idempotencyKey": null}', '2026-11-27 11:40:06.243189+00'),
	(39, '926', 'account-33gdy2a7', 2, '62b725a1-2d2a-5d37-b07b-4d5c8b92107c', 'TransferReceived', '{"asset": "ETH", "amount": "0.10000000", "toUserId": "33gdy2a7", "fromUserId": "efg58v6j", "receivedAt": "2026-11-27T11:40:05.722Z", "transactionId": "255813b2-921b-5b72-a4a8-f648d0dc75d2"}', '{"hash": "6194e87585bd193d8d9ba67aa440cc7b5398a54f9ae747f2ea0a6a4381e950b6", "actorId": "efg58v6j", "prevHash": "0f0b66d469180ecfd4ea52b9b1a9dce7726fc61edaf2ca7b3dc314deee969e61", "causationId": "7e067148-0e1a-4893-bf01-c44cb9627107", "correlationId": "7e067148-0e1a-4893-bf01-c44cb9627107", "idempotencyKey": "legacy-14"}', '2026-11-27 11:40:05.72312+00'),
	(40, '933', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 0, '45431ba7-5c10-49dc-83b0-4da49d63760a', 'CardRequested', '{"tier": "gold", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt", "address": null, "requestedAt": "2026-11-27T11:40:05.732Z"}', '{"hash": "12928cb6b91447566f4a0d93259099387cab5d13f6e68ecd75b8cddd5a527d56", "actorId": "krbdrxpt", "prevHash": null, "causationId": "847dc0ad-ad13-4272-a2a3-4a512d7cad7b", "correlationId": "847dc0ad-ad13-4272-a2a3-4a512d7cad7b", "idempotencyKey": null}', '2026-11-27 11:40:05.73358+00'),
	(41, '939', 'payment-fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 0, '89fed8a7-4196-54b6-a44a-61f966401ae9', 'PaymentProofSubmitted', '{"notes": "", "amount": "300.00", "userId": "krbdrxpt", "paymentId": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4", "submittedAt": "2026-11-27T11:40:05.745Z", "paymentMethod": "USDT", "proofImageUrl": ""}', '{"hash": "c3dae8ba3ce42174eebb0d64e28ad238cdda98c4e1032a6868b44c2630e8aedd", "actorId": "krbdrxpt", "prevHash": null, "causationId": "bc2329f2-b8d9-416b-b747-a493a4a9ee77", "correlationId": "bc2329f2-b8d9-416b-b747-a493a4a9ee77", "idempotencyKey": "legacy-16"}', '2026-11-27 11:40:05.746215+00'),
	(45, '954', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 1, '900edfc1-e12e-4d86-aa3c-d1cf21f910b8', 'CardPaymentSubmitted', '{"at": "2026-11-27T11:40:05.761Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt", "paymentId": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4"}', '{"hash": "118643f8c0ae58a419460c975371e7ab1cc84bb8fc0909c7fe5c64b7b22e8c63", "actorId": null, "prevHash": "12928cb6b91447566f4a0d93259099387cab5d13f6e68ecd75b8cddd5a527d56", "causationId": "89fed8a7-4196-54b6-a44a-61f966401ae9", "correlationId": "bc2329f2-b8d9-416b-b747-a493a4a9ee77"}', '2026-11-27 11:40:05.762399+00'),
	(46, '955', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 2, '34993b40-b5d5-4a3f-bf5b-3a3cd1d8e6a2', 'CardActivated', '{"at": "2026-11-27T11:40:05.763Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt", "paymentId": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4"}', '{"hash": "435eeecc81326953f5e6ddfc76ce0b55ebc4c532d5d4b1a4b2ebb86f295127f9", "actorId": null, "prevHash": "118643f8c0ae58a419460c975371e7ab1cc84bb8fc0909c7fe5c64b7b22e8c63", "causationId": "16182828-551d-5557-b3d8-08179cc6e275", "correlationId": "fa5d0448-3a0d-40a9-81bf-bf956a47c415"}', '2026-11-27 11:40:05.764873+00'),
	(61, '1022', 'user-33gdy2a7', 2, '6b0a8906-aecc-42ef-94bc-cf2477e976e7', 'PreferencesUpdated', '{"userId": "33gdy2a7", "language": "fr", "updatedAt": "2026-11-27T11:40:06.006Z", "transactionAlerts": true, "emailNotifications": false, "marketingCommunications": true}', '{"hash": "9a3278983cc3ed3e37792173290eb88f469c06ce50ac75bd81750d60bd66892f", "actorId": "33gdy2a7", "prevHash": "6730336832f3420aaa83ddeeedef75adc027caa71581df4f81e0cc4e2b01f46e", "causationId": "572d4465-c3de-4897-8fa3-2579ab20e7b3", "correlationId": "572d4465-c3de-4897-8fa3-2579ab20e7b3", "idempotencyKey": null}', '2026-11-27 11:40:06.006581+00'),
	(62, '1027', 'user-3wearena', 1, '466595f8-9a3e-47f0-9f9e-3483b4a14d34', 'PasswordChanged', '{"userId": "3wearena", "changedAt": "2026-11-27T11:40:06.090Z"}', '{"hash": "b58019b95999eca9cb4ea4e8e3805c522704f9dd8fc6727b599f302540c6dd44", "actorId": "3wearena", "prevHash": "90e6b81ea40ed512d40c020fcb6db45138011e4bb44bee9ea5adc45474175788", "causationId": "5b8c6097-9525-483d-9745-39b343c45ae8", "correlationId": "5b8c6097-9525-483d-9745-39b343c45ae8", "idempotencyKey": null}', '2026-11-27 11:40:06.090987+00'),
	(63, '1034', 'user-efg58v6j', 1, '37c8ac67-7e06-4ce8-a36e-912e1eb0ad41', 'TwoFactorEnabled', '{"userId": "efg58v6j", "enabledAt": "2026-11-27T11:40:06.202Z"}', '{"hash": "0d1cb872b0dedb713e0deed5cbff975a1dbae0667c3dceb215f8483b63f1f3a8", "actorId": "efg58v6j", "prevHash": "979a4b78fc8082b4cc7a19e28339a523434f147dba62d0d1478acf052d4befc4", "causationId": "039faba4-1984-4622-942a-c7fd0fda4e40", "correlationId": "039faba4-1984-4622-942a-c7fd0fda4e40", "idempotencyKey": null}', '2026-11-27 11:40:06.203449+00'),
	(52, '988', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 7, 'a5947f4d-60c0-449a-8ca6-b4e5719fc484', 'CardDelivered', '{"at": "2026-11-27T11:40:05.925Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt", "deliveredBy": "65vs6db8"}', '{"hash": "7550ed199ca3ab623c23982d2868df295647bdee7f8a51f60f626dce61637f88", "actorId": "65vs6db8", "prevHash": "463561e2db05a72ece6daa31bc4783f16c49486abd5decbfd343c61ad276769f", "causationId": "d9b5d388-58af-4ef9-b805-fd99099e231f", "correlationId": "d9b5d388-58af-4ef9-b805-fd99099e231f", "idempotencyKey": null}', '2026-11-27 11:40:05.925681+00'),
	(53, '992', 'card-cee65fa5-5417-5402-a323-5b6b16885844', 8, '68c70a2c-ffde-4baf-aed9-5a57911f09d1', 'CardFrozen', '{"at": "2026-11-27T11:40:05.929Z", "cardId": "cee65fa5-5417-5402-a323-5b6b16885844", "userId": "krbdrxpt"}', '{"hash": "5686b32261564820982e0cb9f8e590640b7c64cadedbf0d55f44501581c67e4d", "actorId": "krbdrxpt", "prevHash": "7550ed199ca3ab623c23982d2868df295647bdee7f8a51f60f626dce61637f88", "causationId": "4a4790e9-3cb2-4ccc-9062-bd09d20bd1cc", "correlationId": "4a4790e9-3cb2-4ccc-9062-bd09d20bd1cc", "idempotencyKey": null}', '2026-11-27 11:40:05.92951+00'),
	(58, '1013', 'userName-robert_legacy', 0, '1658d769-1cbd-4991-a0dd-16891cff03ef', 'UniqueValueReserved', '{"kind": "username", "value": "robert_legacy", "userId": "33gdy2a7", "reservedAt": "2026-11-27T11:40:05.986Z"}', '{"hash": "ae7af997872ae68ccc7e2cecc1ca1715efeaba66d7bbf3e61b4e8f4b06c90fca", "actorId": "33gdy2a7", "prevHash": null, "causationId": "2d8b9283-9ec3-4974-92b2-1c980cc30f88", "correlationId": "2d8b9283-9ec3-4974-92b2-1c980cc30f88", "idempotencyKey": null}', '2026-11-27 11:40:05.987103+00'),
	(59, '1014', 'user-33gdy2a7', 1, '3ef4ecc6-a2a1-48a5-afee-2516ae8fd039', 'UserProfileUpdated', '{"bio": "", "userId": "33gdy2a7", "lastName": "Legacy", "username": "robert_legacy", "firstName": "Robert", "updatedAt": "2026-11-27T11:40:05.987Z"}', '{"hash": "6730336832f3420aaa83ddeeedef75adc027caa71581df4f81e0cc4e2b01f46e", "actorId": "33gdy2a7", "prevHash": "2bde3fef4563dd36e2ef95633a20e2c48225362f6a6a999b70aac18d9ee89f40", "causationId": "2d8b9283-9ec3-4974-92b2-1c980cc30f88", "correlationId": "2d8b9283-9ec3-4974-92b2-1c980cc30f88", "idempotencyKey": null}', '2026-11-27 11:40:05.988288+00'),
	(56, '1005', 'settings-market', 1, 'ba3a608d-7483-472d-b672-b2b232994e02', 'TokenPriceSet', '{"price": "1.25", "setAt": "2026-11-27T11:40:05.957Z", "setBy": "65vs6db8"}', '{"hash": "8ad65a3cbc1bd0d2ad63d60ab22f5b8e91f9d1c07b2a5b40b4c3283ac08b8665", "actorId": "65vs6db8", "prevHash": "7f9d694f7293148e4ccab01939e880c4ca5070c311681e19dc5e476ba81637d3", "causationId": "79bf2ddc-c523-4cf5-a6ed-2b7e472f4e66", "correlationId": "79bf2ddc-c523-4cf5-a6ed-2b7e472f4e66", "idempotencyKey": null}', '2026-11-27 11:40:05.960464+00'),
	(65, '1045', 'user-3wearena', 3, '90bf3eeb-ee4a-4cfa-a33f-f1c74fb98a35', 'TwoFactorDisabled', '{"userId": "3wearena", "disabledAt": "2026-11-27T11:40:06.259Z"}', '{"hash": "f15ce5b2ca26c88e3ad712461736c2ca2d8903ff9f5624552ec2ec9d9e180b81", "actorId": "3wearena", "prevHash": "c0e24fc7a438b1007973952acf8710b80d7f53a53c5fa8b3d5e562648b3bfba6", "causationId": "206bfc0b-dad0-4549-924f-7a058a6d0c81", "correlationId": "206bfc0b-dad0-4549-924f-7a058a6d0c81", "idempotencyKey": null}', '2026-11-27 11:40:06.259706+00'),
	(66, '1049', 'notificationReads-33gdy2a7', 0, '55a7bf14-0d84-4ea4-ab26-88a5124eceaa', 'NotificationMarkedRead', '{"readAt": "2026-11-27T11:40:06.277Z", "userId": "33gdy2a7", "notificationId": "47bc67eb-d2da-55f1-9e8c-c86b55f70a69"}', '{"hash": "c4e3f19b192adb338126454d0a9ef00bb18766903c1303be627dd6c16a3cad46", "actorId": "33gdy2a7", "prevHash": null, "causationId": "fe9a06c5-0fe9-4037-ab8a-2271bb8f30b6", "correlationId": "fe9a06c5-0fe9-4037-ab8a-2271bb8f30b6", "idempotencyKey": null}', '2026-11-27 11:40:06.278242+00'),
	(67, '1051', 'notificationReads-efg58v6j', 0, '7925cda1-6417-4604-992a-2db991311d0c', 'AllNotificationsMarkedRead', '{"readAt": "2026-11-27T11:40:06.280Z", "userId": "efg58v6j"}', '{"hash": "0dcb742198d6c8af5c358c3dc56e5aadbe418c5e9c4fd08d2cb3f42e0e1d01eb", "actorId": "efg58v6j", "prevHash": null, "causationId": "bd15f300-2895-405d-b13b-bc83bc28c50c", "correlationId": "bd15f300-2895-405d-b13b-bc83bc28c50c", "idempotencyKey": null}', '2026-11-27 11:40:06.280798+00'),
	(68, '1052', 'user-3wearena', 4, '5c5a3b67-400a-44eb-8390-3b84494000fc', 'UserSuspended', '{"userId": "3wearena", "suspendedAt": "2026-11-27T11:40:06.282Z", "suspendedBy": "65vs6db8"}', '{"hash": "cf54e35c8303f2e9d2c2aec056a12863c9b01257ff83954bd508a06b8dee9e72", "actorId": "65vs6db8", "prevHash": "f15ce5b2ca26c88e3ad712461736c2ca2d8903ff9f5624552ec2ec9d9e180b81", "causationId": "a1ef5ea6-ab85-4955-8eea-88b5a4cb6453", "correlationId": "a1ef5ea6-ab85-4955-8eea-88b5a4cb6453", "idempotencyKey": null}', '2026-11-27 11:40:06.283134+00'),
	(69, '1056', 'user-3wearena', 5, 'ba68f4cd-534d-4061-8e8e-7cd79854f5e7', 'UserReactivated', '{"userId": "3wearena", "reactivatedAt": "2026-11-27T11:40:06.286Z", "reactivatedBy": "65vs6db8"}', '{"hash": "a356390434d07d1bb28a17590b7c79268cd36d493d6c29630dde0be637513700", "actorId": "65vs6db8", "prevHash": "cf54e35c8303f2e9d2c2aec056a12863c9b01257ff83954bd508a06b8dee9e72", "causationId": "6f5ba111-cbbb-4aeb-9135-e99b4b1ca0d5", "correlationId": "6f5ba111-cbbb-4aeb-9135-e99b4b1ca0d5", "idempotencyKey": null}', '2026-11-27 11:40:06.287254+00'),
	(70, '1066', 'user-33gdy2a7', 3, 'ab63bef0-a201-4333-b00e-77e241b0a480', 'UserPromotedToAdmin', '{"userId": "33gdy2a7", "promotedAt": "2026-11-27T11:40:07.911Z", "promotedBy": null}', '{"hash": "c105d88840c447e0a8fa2ec8ffb77f8a70e9748f030cc50252ca0bad73bb8a86", "actorId": null, "prevHash": "9a3278983cc3ed3e37792173290eb88f469c06ce50ac75bd81750d60bd66892f", "causationId": "bootstrap-463d8b193169", "correlationId": "bootstrap-463d8b193169", "idempotencyKey": null}', '2026-11-27 11:40:07.914404+00');


--
-- Data for Name: es_streams; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.es_streams VALUES
	('userEmail-legacy-admin@example.com', 0, '1b9ef84f2f1e8feec67ef1c5aa820133d3cf2574e35171d549a44ead2c7aef1a'),
	('userName-legacy-admin', 0, '2e41849bdab76263db27c76d9a4cfab9206a7a98ffc44c0de499d93d8b355742'),
	('user-65vs6db8', 0, 'a3ae9fbdac9d958e3233d0094d89e8bf0f9d0f13b00ca34a051cd4cde72ca23e'),
	('userEmail-alice@legacy.example.com', 0, '834042f3949c91c7e9db443f8515363f4a6c3b13fa2ca3341a986e3c11fa9b99'),
	('userName-alice_legacy', 0, 'b526c0ea3b3a576749a1fcd0071a079459d37dd9fbb2725f3b769e81edc9c481'),
	('userEmail-bob@legacy.example.com', 0, '3a1e932164ed2e4329c2ca84af5226acad87c21608782b3008425b16ac1a6f1e'),
	('userEmail-carol@legacy.example.com', 0, 'f4711762f8442b7e490d7f55274d1f4baefdbb2b73f7568e5d7938001e6f9f5d'),
	('userName-carol_legacy', 0, '8ba43095b0aa2f89bff56dd3b40bffa1cdbc6b21235f16eb9bd9633669a5c178'),
	('user-krbdrxpt', 0, '1ccbe4c83d83773ddf186aac18b0b0602b3013202fa81120e364163d0e463cda'),
	('userEmail-dave@legacy.example.com', 0, '4c5cd4757f7b582fbdb73752998d98926ff93c4fad544160a7f7ef19bd338e2e'),
	('userName-dave_legacy', 0, '3ce0111fffa0c021d9a36bba1a433eefa5009d83c2b1b7fc63ca9ca40a8fb89b'),
	('account-3wearena', 0, '92bd58859f11f329cd428de856496461a1458b1b87f6bac9c830e731153b4430'),
	('depositTx-arbitrum-0x3e4f5c570003d91b288c72a4a4ab21185e3b5d5be2442dcc1aacbae67724281b', 0, '7a52697e9e8afc4cef3bc7fea9f3ed8df4c77c87f4fa189701fb45696050d518'),
	('cryptoDeposit-71a03a8d-0ac2-55a0-8469-89d165206181', 1, '58b2bd6f7e7e3abf2ac23b8d402205c74a399830ca347f65a46d79865d6925b1'),
	('card-cee65fa5-5417-5402-a323-5b6b16885844', 9, 'b885d5c71de628973b96aa4f9150e6f47d343bebb7ece234e0fc5afc289f0275'),
	('cryptoDeposit-0533a9bc-dd19-5b9e-8070-84e034bebbd4', 1, 'bba4ed721b4c8dcb9521211a5e03e387f8bb40b85338f779a8ab4786324796cb'),
	('depositTx-base-0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294', 2, '6f8b22d6d0c90e11904e9fa58c290a548ed25271d4b6370a78aa9dc2f89de51e'),
	('cryptoDeposit-45ff2057-fb78-53fe-8509-855e964256ce', 0, '7db8389e790504a6d7a6c8f48660bac9f5efb3ffe2816bf7a75e6ad792e54f42'),
	('withdrawal-d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 1, '77e1e00610145305c3a9bf4aab44e7fde5dc7207f34c5f719408803ad339ce96'),
	('settings-market', 1, '8ad65a3cbc1bd0d2ad63d60ab22f5b8e91f9d1c07b2a5b40b4c3283ac08b8665'),
	('withdrawal-0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 1, 'ece172841a90905c68ae78072ab3e4ed427fc05119827ff91a62fc1ac96b8400'),
	('contactMessage-0be30c8f-8241-473e-a3d9-f600eb19da77', 0, 'c69c75598768f08237b0167db7ad80fb287d921f9b4360a9db54d88392160cab'),
	('account-efg58v6j', 6, 'c1d272a93d7b2e00d9e70fd1635b8b46dd72cd8a63a073227accf80997eb801f'),
	('account-33gdy2a7', 2, '6194e87585bd193d8d9ba67aa440cc7b5398a54f9ae747f2ea0a6a4381e950b6'),
	('payment-fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 1, '618720d337a1da38fc1fa31052588e6b274d89874ead0b2e91528dfc0ce6911e'),
	('account-krbdrxpt', 0, 'e88d32ec057a80e90f892dbb6560b7a819d97ef70757668e10567600ab757f8e'),
	('userName-robert_legacy', 0, 'ae7af997872ae68ccc7e2cecc1ca1715efeaba66d7bbf3e61b4e8f4b06c90fca'),
	('payment-47917e93-79b0-524a-8ed6-f6208e6baeb0', 1, '074350c295aa14f3a0c82701dcd4098b8978ea1bf6919f36b9f25f24b5f7a990'),
	('userName-bob_legacy', 1, 'c371b9f6177e37aff8e2ccd12f31f6628f9990ec730bf52c3814ee239046f2d1'),
	('user-efg58v6j', 1, '0d1cb872b0dedb713e0deed5cbff975a1dbae0667c3dceb215f8483b63f1f3a8'),
	('notificationReads-33gdy2a7', 0, 'c4e3f19b192adb338126454d0a9ef00bb18766903c1303be627dd6c16a3cad46'),
	('notificationReads-efg58v6j', 0, '0dcb742198d6c8af5c358c3dc56e5aadbe418c5e9c4fd08d2cb3f42e0e1d01eb'),
	('user-3wearena', 5, 'a356390434d07d1bb28a17590b7c79268cd36d493d6c29630dde0be637513700'),
	('user-33gdy2a7', 3, 'c105d88840c447e0a8fa2ec8ffb77f8a70e9748f030cc50252ca0bad73bb8a86');


--
-- Data for Name: idempotency_keys; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.idempotency_keys VALUES
	('65vs6db8:distribution:legacy-1', '334dc2b72e2cfcf787b801f8cbea9fafe6d7c5fa1f3ff17cb4e1dfee0208cf9a', 'done', 201, '{"id": "bf98ccaa-ab9f-546a-b851-baeb498769d1", "type": "admin_deposit", "asset": "SAI", "amount": "600.00", "status": "completed", "createdAt": "2026-11-27T11:40:05.447Z", "sender_id": null, "description": "Token distribution", "receiver_id": "efg58v6j"}', '2026-11-27 11:40:35.44602+00', '2026-11-27 11:40:05.44602+00'),
	('65vs6db8:distribution:legacy-2', 'e199a3cb8d069d3746c8d65471c8a6aabe8e350ff56cb2c2ca48decba27cf7f3', 'done', 201, '{"id": "f78992ad-3084-50cd-9a57-8cc5314e3ede", "type": "admin_deposit", "asset": "SAI", "amount": "100.00", "status": "completed", "createdAt": "2026-11-27T11:40:05.465Z", "sender_id": null, "description": "Token distribution", "receiver_id": "33gdy2a7"}', '2026-11-27 11:40:35.461686+00', '2026-11-27 11:40:05.461686+00'),
	('65vs6db8:distribution:legacy-3', '6b7a956e23f4697aa26bbd81b587b191ec3e32a0952488997dfdd1dcc703f7f6', 'done', 201, '{"id": "fc659bec-0d83-5b61-b3aa-2a741d0169ad", "type": "admin_deposit", "asset": "SAI", "amount": "20.00", "status": "completed", "createdAt": "2026-11-27T11:40:05.481Z", "sender_id": null, "description": "Token distribution", "receiver_id": "3wearena"}', '2026-11-27 11:40:35.481028+00', '2026-11-27 11:40:05.481028+00'),
	('efg58v6j:transfer:legacy-4', '4a2eb9abc9e214f4489f87209f750fbb2d27c07b1df75dc643513c573bb10303', 'done', 201, '{"id": "7c1b8328-766c-5989-98a0-31cb0f06db2d", "type": "transfer", "asset": "SAI", "amount": "25.50", "status": "completed", "createdAt": "2026-11-27T11:40:05.496Z", "sender_id": "efg58v6j", "description": "", "receiver_id": "33gdy2a7"}', '2026-11-27 11:40:35.494731+00', '2026-11-27 11:40:05.494731+00'),
	('efg58v6j:crypto-deposit:legacy-5', 'd123a58648586cfb070c9e5246b51f747fad8475fd74d88cd009c9e0d6745949', 'done', 201, '{"id": "71a03a8d-0ac2-55a0-8469-89d165206181", "amount": null, "status": "pending", "txHash": null, "userId": "efg58v6j", "network": "arbitrum", "currency": "ETH", "decidedAt": null, "declaredAt": "2026-11-27T11:40:05.509Z", "networkLabel": "Arbitrum", "rejectionReason": null, "confirmationsRequired": 6}', '2026-11-27 11:40:35.508512+00', '2026-11-27 11:40:05.508512+00'),
	('65vs6db8:deposit-decision:71a03a8d-0ac2-55a0-8469-89d165206181:legacy-6', 'af977a2bb16b0753b9682fd1ae6bc8df97232578cd67c593c55ab5fb3fa73f25', 'done', 200, '{"id": "71a03a8d-0ac2-55a0-8469-89d165206181", "status": "confirmed"}', '2026-11-27 11:40:35.533359+00', '2026-11-27 11:40:05.533359+00'),
	('33gdy2a7:crypto-deposit:legacy-7', '2f119406bff571823974028ca2290de170a9b36320347212623d6b910a34a19e', 'done', 201, '{"id": "0533a9bc-dd19-5b9e-8070-84e034bebbd4", "amount": null, "status": "pending", "txHash": "0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294", "userId": "33gdy2a7", "network": "base", "currency": "ETH", "decidedAt": null, "declaredAt": "2026-11-27T11:40:05.628Z", "networkLabel": "Base", "rejectionReason": null, "confirmationsRequired": 6}', '2026-11-27 11:40:35.627645+00', '2026-11-27 11:40:05.627645+00'),
	('65vs6db8:deposit-decision:0533a9bc-dd19-5b9e-8070-84e034bebbd4:legacy-8', '6dc00449c2b733c53c74bb56cef566167da363a355471c3fbbbd6cbf1a9bd869', 'done', 200, '{"id": "0533a9bc-dd19-5b9e-8070-84e034bebbd4", "status": "rejected"}', '2026-11-27 11:40:35.636064+00', '2026-11-27 11:40:05.636064+00'),
	('krbdrxpt:crypto-deposit:legacy-9', '2f119406bff571823974028ca2290de170a9b36320347212623d6b910a34a19e', 'done', 201, '{"id": "45ff2057-fb78-53fe-8509-855e964256ce", "amount": null, "status": "pending", "txHash": "0xbed74d66ef970705df092fccc71ae0be3fa05865d912a0440ddb4f5ade189294", "userId": "krbdrxpt", "network": "base", "currency": "ETH", "decidedAt": null, "declaredAt": "2026-11-27T11:40:05.653Z", "networkLabel": "Base", "rejectionReason": null, "confirmationsRequired": 6}', '2026-11-27 11:40:35.652488+00', '2026-11-27 11:40:05.652488+00'),
	('efg58v6j:withdrawal:legacy-10', '3614ca9a9f021ff222d3e3e91d1bba8b580064841f13c0eb9c9bf8d4aae6fc11', 'done', 201, '{"id": "d54ab5d8-40d5-55d5-80f9-cbadf0b864e2", "chain": "arbitrum", "notes": "", "amount": "0.50000000", "status": "pending", "txHash": null, "userId": "efg58v6j", "address": "0x1111222233334444555566667777888899990000", "overdue": false, "ageHours": 0, "currency": "ETH", "decidedAt": null, "chainLabel": "Arbitrum", "requestedAt": "2026-11-27T11:40:05.663Z", "failureReason": null}', '2026-11-27 11:40:35.661606+00', '2026-11-27 11:40:05.661606+00'),
	('65vs6db8:withdrawal-decision:d54ab5d8-40d5-55d5-80f9-cbadf0b864e2:legacy-11', '7c463719904073ff52e98adb7ecd8ceaeee673a521cf379558dc7cf5173d3ad0', 'done', 200, '{"id": "d54ab5d8-40d5-55d5-80f9-cbadf0b864e2", "status": "completed"}', '2026-11-27 11:40:35.669083+00', '2026-11-27 11:40:05.669083+00'),
	('efg58v6j:withdrawal:legacy-12', '474c9fd0cccd0077171ac9fd3f0a3afe0e81449cf9dddd4eadb41d7373505a00', 'done', 201, '{"id": "0f7e346c-1051-5adc-b0ca-d930e3c42cd2", "chain": "arbitrum", "notes": "", "amount": "0.25000000", "status": "pending", "txHash": null, "userId": "efg58v6j", "address": "0x1111222233334444555566667777888899990000", "overdue": false, "ageHours": 0, "currency": "ETH", "decidedAt": null, "chainLabel": "Arbitrum", "requestedAt": "2026-11-27T11:40:05.692Z", "failureReason": null}', '2026-11-27 11:40:35.688804+00', '2026-11-27 11:40:05.688804+00'),
	('65vs6db8:withdrawal-decision:0f7e346c-1051-5adc-b0ca-d930e3c42cd2:legacy-13', 'bc5472413928003512aa2a6a08c8bbbab5960b01b19ec54119769255cac14eba', 'done', 200, '{"id": "0f7e346c-1051-5adc-b0ca-d930e3c42cd2", "status": "failed"}', '2026-11-27 11:40:35.699284+00', '2026-11-27 11:40:05.699284+00'),
	('efg58v6j:crypto-transfer:legacy-14', 'dc28da60f1afd0b6fd07844b25290f30be72479bb184f1b487516c1a751b4fe9', 'done', 201, '{"id": "255813b2-921b-5b72-a4a8-f648d0dc75d2", "type": "transfer", "amount": "0.10000000", "status": "completed", "currency": "ETH", "createdAt": "2026-11-27T11:40:05.721Z", "receiver_id": "33gdy2a7"}', '2026-11-27 11:40:35.719567+00', '2026-11-27 11:40:05.719567+00'),
	('krbdrxpt:payment-proof:legacy-16', '8af4ba21bd269182c4b793e99eadae7dbeac8287c13adb17abe3aa9fdee6194e', 'done', 201, '{"id": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4", "notes": "", "amount": "300.00", "status": "pending", "userId": "krbdrxpt", "createdAt": "2026-11-27T11:40:05.745Z", "verifiedAt": null, "verifiedBy": null, "paymentMethod": "USDT", "proofImageUrl": "", "rejectionReason": null}', '2026-11-27 11:40:35.744955+00', '2026-11-27 11:40:05.744955+00'),
	('65vs6db8:payment-verify:fbcce42d-0d12-5c75-9965-c0f9c92b7fd4:legacy-17', '20ec2f38fc96bc7d416a9af537493ae0bae26c5ad4c5a0f2d94f56f9c3e04958', 'done', 200, '{"id": "fbcce42d-0d12-5c75-9965-c0f9c92b7fd4", "notes": "", "amount": "300.00", "status": "verified", "userId": "krbdrxpt", "createdAt": "2026-11-27T11:40:05.745Z", "verifiedAt": "2026-11-27T11:40:05.753Z", "verifiedBy": "65vs6db8", "paymentMethod": "USDT", "proofImageUrl": "", "rejectionReason": null}', '2026-11-27 11:40:35.749461+00', '2026-11-27 11:40:05.749461+00'),
	('3wearena:payment-proof:legacy-18', 'e531b5b3d39d58d9d0c9160595d99573ffb22ab349e629ff1d3f11482c3aeb61', 'done', 201, '{"id": "47917e93-79b0-524a-8ed6-f6208e6baeb0", "notes": "", "amount": "15.00", "status": "pending", "userId": "3wearena", "createdAt": "2026-11-27T11:40:05.760Z", "verifiedAt": null, "verifiedBy": null, "paymentMethod": "ETH", "proofImageUrl": "", "rejectionReason": null}', '2026-11-27 11:40:35.760091+00', '2026-11-27 11:40:05.760091+00'),
	('65vs6db8:payment-verify:47917e93-79b0-524a-8ed6-f6208e6baeb0:legacy-19', '8e994385a2d7aaf431cb983bc46870d75e77874278add965b1bd740988925d7c', 'done', 200, '{"id": "47917e93-79b0-524a-8ed6-f6208e6baeb0", "notes": "", "amount": "15.00", "status": "rejected", "userId": "3wearena", "createdAt": "2026-11-27T11:40:05.760Z", "verifiedAt": "2026-11-27T11:40:05.769Z", "verifiedBy": "65vs6db8", "paymentMethod": "ETH", "proofImageUrl": "", "rejectionReason": "No such payment"}', '2026-11-27 11:40:35.768752+00', '2026-11-27 11:40:05.768752+00');


--
-- Data for Name: ledger_follow_ups_due; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: ledger_postings; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ledger_postings VALUES
	('29c9bfc8-ebef-5314-a946-4932ee409c5e', 0, 812, 16, 'bf98ccaa-ab9f-546a-b851-baeb498769d1', 'admin_deposit', 'SAI', 600.00000000, 'issuance:SAI', 'user:efg58v6j', -600.00000000, 600.00000000, '65vs6db8', 'Token distribution', '2026-11-27 11:40:05.449+00'),
	('e37059a0-72d8-57b1-957c-c2b37a8b63c2', 0, 821, 17, 'f78992ad-3084-50cd-9a57-8cc5314e3ede', 'admin_deposit', 'SAI', 100.00000000, 'issuance:SAI', 'user:33gdy2a7', -700.00000000, 100.00000000, '65vs6db8', 'Token distribution', '2026-11-27 11:40:05.468+00'),
	('03e3e9be-23c5-5571-b7b7-14544963f0bd', 0, 829, 18, 'fc659bec-0d83-5b61-b3aa-2a741d0169ad', 'admin_deposit', 'SAI', 20.00000000, 'issuance:SAI', 'user:3wearena', -720.00000000, 20.00000000, '65vs6db8', 'Token distribution', '2026-11-27 11:40:05.482+00'),
	('d8379e08-7ef2-5feb-80c4-372afe0c07a1', 0, 837, 19, '7c1b8328-766c-5989-98a0-31cb0f06db2d', 'transfer', 'SAI', 25.50000000, 'user:efg58v6j', 'user:33gdy2a7', 574.50000000, 125.50000000, 'efg58v6j', '', '2026-11-27 11:40:05.497+00'),
	('457cf6c5-37cd-5204-9ce4-c051d329edf4', 0, 852, 24, '71a03a8d-0ac2-55a0-8469-89d165206181', 'crypto_deposit', 'ETH', 2.00000000, 'custody:ETH', 'user:efg58v6j', -2.00000000, 2.00000000, '65vs6db8', 'ETH deposit confirmed', '2026-11-27 11:40:05.539+00'),
	('3c1c84a6-b80d-5e78-9516-075c669ac5c2', 0, 887, 31, 'd54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 'withdrawal', 'ETH', 0.50000000, 'user:efg58v6j', 'holds:ETH', 1.50000000, 0.50000000, 'efg58v6j', 'Withdrawal to 0x1111222233334444555566667777888899990000', '2026-11-27 11:40:05.662+00'),
	('c92799cd-331d-5e37-997a-15672b7163ef', 0, 893, 33, 'd54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 'withdrawal', 'ETH', 0.50000000, 'holds:ETH', 'outbound:ETH', 0.00000000, 0.50000000, '65vs6db8', 'Withdrawal sent (abcdef0123456789)', '2026-11-27 11:40:05.67+00'),
	('99acaa1a-3e00-55b1-aff2-9f869500d5b1', 0, 905, 34, '0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 'withdrawal', 'ETH', 0.25000000, 'user:efg58v6j', 'holds:ETH', 1.25000000, 0.25000000, 'efg58v6j', 'Withdrawal to 0x1111222233334444555566667777888899990000', '2026-11-27 11:40:05.689+00'),
	('5736a2c3-c423-54d9-bde0-c84f3c590c1c', 0, 913, 36, '0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 'withdrawal', 'ETH', 0.25000000, 'holds:ETH', 'user:efg58v6j', 0.00000000, 1.50000000, '65vs6db8', 'Withdrawal failed: Address rejected by the network', '2026-11-27 11:40:05.7+00'),
	('fe46b172-5ed5-5618-bcb2-f4c68e999233', 0, 925, 38, '255813b2-921b-5b72-a4a8-f648d0dc75d2', 'transfer', 'ETH', 0.10000000, 'user:efg58v6j', 'user:33gdy2a7', 1.40000000, 0.10000000, 'efg58v6j', 'gas money', '2026-11-27 11:40:05.722+00'),
	('e0a312fa-4fba-54fa-ac10-929b62416865', 0, 947, 43, 'fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 'deposit', 'SAI', 300.00000000, 'issuance:SAI', 'user:krbdrxpt', -1020.00000000, 300.00000000, '65vs6db8', 'Deposit approved', '2026-11-27 11:40:05.755+00');


--
-- Data for Name: ledger_transactions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.ledger_transactions VALUES
	('bf98ccaa-ab9f-546a-b851-baeb498769d1', 'admin_deposit', 'SAI', 600.00000000, NULL, 'efg58v6j', 'Token distribution', 'completed', '65vs6db8', '2026-11-27 11:40:05.449+00', 812, 16),
	('f78992ad-3084-50cd-9a57-8cc5314e3ede', 'admin_deposit', 'SAI', 100.00000000, NULL, '33gdy2a7', 'Token distribution', 'completed', '65vs6db8', '2026-11-27 11:40:05.468+00', 821, 17),
	('fc659bec-0d83-5b61-b3aa-2a741d0169ad', 'admin_deposit', 'SAI', 20.00000000, NULL, '3wearena', 'Token distribution', 'completed', '65vs6db8', '2026-11-27 11:40:05.482+00', 829, 18),
	('7c1b8328-766c-5989-98a0-31cb0f06db2d', 'transfer', 'SAI', 25.50000000, 'efg58v6j', '33gdy2a7', '', 'completed', 'efg58v6j', '2026-11-27 11:40:05.497+00', 837, 19),
	('71a03a8d-0ac2-55a0-8469-89d165206181', 'crypto_deposit', 'ETH', 2.00000000, NULL, 'efg58v6j', 'ETH deposit confirmed', 'completed', '65vs6db8', '2026-11-27 11:40:05.539+00', 852, 24),
	('d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 'withdrawal', 'ETH', 0.50000000, 'efg58v6j', NULL, 'Withdrawal to 0x1111222233334444555566667777888899990000', 'completed', 'efg58v6j', '2026-11-27 11:40:05.662+00', 887, 31),
	('0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 'withdrawal', 'ETH', 0.25000000, 'efg58v6j', NULL, 'Withdrawal to 0x1111222233334444555566667777888899990000', 'failed', 'efg58v6j', '2026-11-27 11:40:05.689+00', 905, 34),
	('255813b2-921b-5b72-a4a8-f648d0dc75d2', 'transfer', 'ETH', 0.10000000, 'efg58v6j', '33gdy2a7', 'gas money', 'completed', 'efg58v6j', '2026-11-27 11:40:05.722+00', 925, 38),
	('fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 'deposit', 'SAI', 300.00000000, NULL, 'krbdrxpt', 'Deposit approved', 'completed', '65vs6db8', '2026-11-27 11:40:05.755+00', 947, 43);


--
-- Data for Name: market_prices; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.market_prices VALUES
	('ETH', 3100.50000000, 0.00, '2026-11-27 11:40:05.937+00', '65vs6db8'),
	('SAI', 1.25000000, NULL, '2026-11-27 11:40:05.957+00', '65vs6db8');


--
-- Data for Name: notifications; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.notifications VALUES
	('85706fd1-611b-52ab-99a1-f479ae00ef00', '33gdy2a7', 'Tokens received', '100.00 SAI were added to your balance. “Token distribution”', 'transaction', 'f78992ad-3084-50cd-9a57-8cc5314e3ede', false, '2026-11-27 11:40:05.468+00', 821, 17),
	('f5f9f758-08ab-5998-ae2b-96f9522a0c32', '3wearena', 'Tokens received', '20.00 SAI were added to your balance. “Token distribution”', 'transaction', 'fc659bec-0d83-5b61-b3aa-2a741d0169ad', false, '2026-11-27 11:40:05.482+00', 829, 18),
	('fcfd85dd-f7f5-5fd0-8d8b-d89ecfcddffe', '33gdy2a7', 'Money received', 'You received 25.50 SAI from alice_legacy.', 'transaction', '7c1b8328-766c-5989-98a0-31cb0f06db2d', false, '2026-11-27 11:40:05.497+00', 837, 19),
	('79883a33-bdae-54a9-bdca-4628365103a4', '33gdy2a7', 'Deposit rejected', 'Your declared deposit was rejected: No such transaction', 'system', '0533a9bc-dd19-5b9e-8070-84e034bebbd4', false, '2026-11-27 11:40:05.637+00', 871, 27),
	('d7d6e854-d645-58ca-a44d-c22cc852ec80', 'krbdrxpt', 'Card request submitted', 'Your Gold card was requested. It activates once your deposit is confirmed.', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.733+00', 933, 40),
	('2020708e-6f11-5a28-86d7-7e98f9d34215', 'krbdrxpt', 'Deposit submitted', 'Your payment proof for 300.00 SAI is pending confirmation. Tokens are added automatically once it is confirmed (10-60 minutes).', 'system', 'fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', false, '2026-11-27 11:40:05.746+00', 939, 41),
	('73473eab-2443-5fe3-9eef-4b1448a22511', 'krbdrxpt', 'Payment approved', 'Your payment was approved: 300.00 SAI are now in your balance.', 'transaction', 'fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', false, '2026-11-27 11:40:05.753+00', 946, 42),
	('8a8df5aa-0b50-52a7-970d-55efce09f51c', '3wearena', 'Deposit submitted', 'Your payment proof for 15.00 SAI is pending confirmation. Tokens are added automatically once it is confirmed (10-60 minutes).', 'system', '47917e93-79b0-524a-8ed6-f6208e6baeb0', false, '2026-11-27 11:40:05.761+00', 952, 44),
	('69553db0-6183-58e2-ba3e-5d3f68f09981', 'krbdrxpt', 'Verifying payment', 'We are verifying your payment for your card (1-2 business days).', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.762+00', 954, 45),
	('f9083d6c-6af0-583d-9a67-9962e5e41bd3', 'krbdrxpt', 'Card activated', 'Your metal card is active.', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.764+00', 955, 46),
	('00dc974e-9f37-5514-83a1-5dfb2d68fb1f', '3wearena', 'Payment rejected', 'Your payment proof was rejected: No such payment You can submit a new one.', 'system', '47917e93-79b0-524a-8ed6-f6208e6baeb0', false, '2026-11-27 11:40:05.77+00', 958, 47),
	('b4ba4858-936c-556c-bba6-1f54541fdc88', 'krbdrxpt', 'Card upgraded', 'Your card is now Ruby Steel.', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.77+00', 959, 48),
	('dc0953b6-93c1-5f32-8a32-bb0640162f5a', 'krbdrxpt', 'PIN changed', 'Your card PIN was changed. If this was not you, freeze the card and contact support.', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.893+00', 975, 50),
	('6e6b710d-a607-5d69-874d-0f245a22b78e', 'krbdrxpt', 'Card shipped', 'Your card is on its way by courier (3-7 working days). Tracking number DHL-424242, estimated delivery 2026-12-01.', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.917+00', 983, 51),
	('5b82926e-304d-55fc-afa4-9fffae392ab4', 'krbdrxpt', 'Card delivered', 'Your card has been delivered. Enjoy it!', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.925+00', 988, 52),
	('c55e15b2-9666-5835-826e-d427672bc2ea', 'krbdrxpt', 'Card frozen', 'Your card is frozen; no payments go through until you unfreeze it.', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.929+00', 992, 53),
	('c5dcb24c-79db-5f3f-99f8-e0d2e5926a9f', 'krbdrxpt', 'Card unfrozen', 'Your card works again.', 'card', 'cee65fa5-5417-5402-a323-5b6b16885844', false, '2026-11-27 11:40:05.932+00', 995, 54),
	('47bc67eb-d2da-55f1-9e8c-c86b55f70a69', '33gdy2a7', 'Money received', 'You received 0.10000000 ETH from alice_legacy. “gas money”', 'transaction', '255813b2-921b-5b72-a4a8-f648d0dc75d2', true, '2026-11-27 11:40:05.722+00', 925, 38),
	('8280a022-90ef-5d31-bb47-e203300cf59b', 'efg58v6j', 'Tokens received', '600.00 SAI were added to your balance. “Token distribution”', 'transaction', 'bf98ccaa-ab9f-546a-b851-baeb498769d1', true, '2026-11-27 11:40:05.449+00', 812, 16),
	('a625ace8-af6f-59b7-bda8-a681fc7ffa96', 'efg58v6j', 'Deposit confirmed', '2.00000000 ETH were credited to your balance.', 'transaction', '71a03a8d-0ac2-55a0-8469-89d165206181', true, '2026-11-27 11:40:05.538+00', 851, 23),
	('2899f611-aabd-509d-ab34-78a37f5e62a6', 'efg58v6j', 'Withdrawal Initiated', 'Your withdrawal of 0.50000000 ETH is being processed (within 24 hours).', 'transaction', 'd54ab5d8-40d5-55d5-80f9-cbadf0b864e2', true, '2026-11-27 11:40:05.664+00', 889, 32),
	('98ee80ed-c3b3-5ea6-a0cf-fa1b5551e222', 'efg58v6j', 'Withdrawal completed', '0.50000000 ETH were sent (transaction abcdef0123456789).', 'transaction', 'd54ab5d8-40d5-55d5-80f9-cbadf0b864e2', true, '2026-11-27 11:40:05.67+00', 893, 33),
	('3994b644-18c9-5f1c-b31a-b4c29803e15b', 'efg58v6j', 'Withdrawal Initiated', 'Your withdrawal of 0.25000000 ETH is being processed (within 24 hours).', 'transaction', '0f7e346c-1051-5adc-b0ca-d930e3c42cd2', true, '2026-11-27 11:40:05.693+00', 906, 35),
	('80d7e07b-c275-5baf-9caa-7d08a2be9d13', 'efg58v6j', 'Withdrawal failed', 'Your withdrawal failed: Address rejected by the network. 0.25000000 ETH are back in your balance.', 'transaction', '0f7e346c-1051-5adc-b0ca-d930e3c42cd2', true, '2026-11-27 11:40:05.7+00', 913, 36);


--
-- Data for Name: payment_verifications; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payment_verifications VALUES
	('fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 'krbdrxpt', 'USDT', 300.00, '', '', 'verified', NULL, '2026-11-27 11:40:05.745+00', '2026-11-27 11:40:05.753+00', '65vs6db8'),
	('47917e93-79b0-524a-8ed6-f6208e6baeb0', '3wearena', 'ETH', 15.00, '', '', 'rejected', 'No such payment', '2026-11-27 11:40:05.76+00', '2026-11-27 11:40:05.769+00', '65vs6db8');


--
-- Data for Name: projection_checkpoints; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.projection_checkpoints VALUES
	('crypto', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('ledger', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('notifications', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('cards', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('settings', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('ledgerFollowUps', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('payments', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('transactionEvents', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('users', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0),
	('contact', 1066, 70, 70, '2026-11-27 11:40:07.933783+00', NULL, NULL, NULL, 0);


--
-- Data for Name: sessions; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.sessions VALUES
	('5KBMbEdssSdLa22RCClj-DmW', '65vs6db8', true, false, '2026-11-27 11:40:05.23+00', '2026-11-27 11:40:05.23+00', '2026-11-27 12:10:05.23+00', '2026-11-27 23:40:05.23+00', NULL, NULL),
	('tD0AUtXOasvxrxDZIyDpugmN', 'efg58v6j', false, false, '2026-11-27 11:40:05.281+00', '2026-11-27 11:40:05.281+00', '2026-11-27 12:10:05.281+00', '2026-11-27 23:40:05.281+00', NULL, NULL),
	('ds8Uu7MWSkWdAwFTE8RqMiuM', 'krbdrxpt', false, false, '2026-11-27 11:40:05.345+00', '2026-11-27 11:40:05.345+00', '2026-11-27 12:10:05.345+00', '2026-11-27 23:40:05.345+00', NULL, NULL),
	('_LO-JQgh6iHwuX_Qu5q40iJG', '3wearena', false, false, '2026-11-27 11:40:05.432+00', '2026-11-27 11:40:05.432+00', '2026-11-27 12:10:05.432+00', '2026-11-27 23:40:05.432+00', '2026-11-27 11:40:06.283387+00', 'suspended'),
	('LlxUs-I6QNQK3jRANCcQ_gh6', '3wearena', false, false, '2026-11-27 11:40:06.116+00', '2026-11-27 11:40:06.116+00', '2026-11-27 12:10:06.116+00', '2026-11-27 23:40:06.116+00', '2026-11-27 11:40:06.283387+00', 'suspended'),
	('JQ3EyRAPBv8NXO91lPqol_gM', '3wearena', false, false, '2026-11-27 11:40:06.316+00', '2026-11-27 11:40:06.316+00', '2026-11-27 12:10:06.316+00', '2026-11-27 23:40:06.316+00', NULL, NULL),
	('2inL0UADdoVan02o1ejyT_AN', '33gdy2a7', false, false, '2026-11-27 11:40:05.316+00', '2026-11-27 11:40:05.316+00', '2026-11-27 12:10:05.316+00', '2026-11-27 23:40:05.316+00', '2026-11-27 11:40:07.94151+00', 'admin_reset');


--
-- Data for Name: totp_secrets; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.totp_secrets VALUES
	('efg58v6j', 'v1.BfSIyhGeYo15UTi4.55-_tH-WdafEcTmfOVdWuQ.Gx1ZfW4QmWSEK-_FIk1t5jpaTu4', true, 59859320, '2026-11-27 11:40:06.127525+00', '2026-11-27 11:40:06.194771+00');


--
-- Data for Name: transaction_events; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.transaction_events VALUES
	('bf98ccaa-ab9f-546a-b851-baeb498769d1', '29c9bfc8-ebef-5314-a946-4932ee409c5e', 'account-efg58v6j', 0, 812, 16, 'TokensMinted', '2026-11-27 11:40:05.449+00', '65vs6db8', 'ae3f8724-5301-4ae1-9b55-6f81a825d57e', 'ae3f8724-5301-4ae1-9b55-6f81a825d57e', '0b8745afd61764938b3aa7ebf76483a9e0c42e2cb7cd0b4026fc04f6bfc821e6'),
	('f78992ad-3084-50cd-9a57-8cc5314e3ede', 'e37059a0-72d8-57b1-957c-c2b37a8b63c2', 'account-33gdy2a7', 0, 821, 17, 'TokensMinted', '2026-11-27 11:40:05.468+00', '65vs6db8', 'd15d3cf2-d11e-4034-9e31-bae582396609', 'd15d3cf2-d11e-4034-9e31-bae582396609', 'b51f971d5620ae3ceff9131cc0924bbd66f0994f810e99e0282a3d778d77e84d'),
	('fc659bec-0d83-5b61-b3aa-2a741d0169ad', '03e3e9be-23c5-5571-b7b7-14544963f0bd', 'account-3wearena', 0, 829, 18, 'TokensMinted', '2026-11-27 11:40:05.482+00', '65vs6db8', '96ace043-0236-42c9-98f4-91b54c395fa4', '96ace043-0236-42c9-98f4-91b54c395fa4', '92bd58859f11f329cd428de856496461a1458b1b87f6bac9c830e731153b4430'),
	('7c1b8328-766c-5989-98a0-31cb0f06db2d', 'd8379e08-7ef2-5feb-80c4-372afe0c07a1', 'account-efg58v6j', 1, 837, 19, 'TokensTransferred', '2026-11-27 11:40:05.497+00', 'efg58v6j', '951d59ca-a520-46b8-9b0a-5b50d9ff9f8e', '951d59ca-a520-46b8-9b0a-5b50d9ff9f8e', '23c53e5188773750a8e5ef53f59a083c5dbc0e50b7c2c8fd0d98f7763c6011f9'),
	('7c1b8328-766c-5989-98a0-31cb0f06db2d', '8ac89dbf-8d94-5766-8473-954f90dfc450', 'account-33gdy2a7', 1, 838, 20, 'TransferReceived', '2026-11-27 11:40:05.498+00', 'efg58v6j', '951d59ca-a520-46b8-9b0a-5b50d9ff9f8e', '951d59ca-a520-46b8-9b0a-5b50d9ff9f8e', '0f0b66d469180ecfd4ea52b9b1a9dce7726fc61edaf2ca7b3dc314deee969e61'),
	('71a03a8d-0ac2-55a0-8469-89d165206181', 'e865a54d-3e41-51a3-80ac-0fe132d6d228', 'cryptoDeposit-71a03a8d-0ac2-55a0-8469-89d165206181', 0, 843, 21, 'CryptoDepositDeclared', '2026-11-27 11:40:05.513+00', 'efg58v6j', '18bdda05-312e-4cd4-8794-2c514acffead', '18bdda05-312e-4cd4-8794-2c514acffead', '81a80c35ac36ea76b971f940e6ef6069209636b2f127a91c8643e5911025544d'),
	('71a03a8d-0ac2-55a0-8469-89d165206181', '5356f14f-b546-582c-9feb-e2e03ad41276', 'cryptoDeposit-71a03a8d-0ac2-55a0-8469-89d165206181', 1, 851, 23, 'CryptoDepositConfirmed', '2026-11-27 11:40:05.538+00', '65vs6db8', '8a2e1c39-f13b-46f8-854c-21af3a5c0cec', '8a2e1c39-f13b-46f8-854c-21af3a5c0cec', '58b2bd6f7e7e3abf2ac23b8d402205c74a399830ca347f65a46d79865d6925b1'),
	('71a03a8d-0ac2-55a0-8469-89d165206181', '457cf6c5-37cd-5204-9ce4-c051d329edf4', 'account-efg58v6j', 2, 852, 24, 'CryptoDepositCredited', '2026-11-27 11:40:05.539+00', '65vs6db8', '8a2e1c39-f13b-46f8-854c-21af3a5c0cec', '8a2e1c39-f13b-46f8-854c-21af3a5c0cec', '60302d764cde7c83a50b54095a4a13399cbb696578dfe81d47407dbed03fbcf7'),
	('0533a9bc-dd19-5b9e-8070-84e034bebbd4', '51b025af-815c-5856-948d-8509c6a3d845', 'cryptoDeposit-0533a9bc-dd19-5b9e-8070-84e034bebbd4', 0, 867, 26, 'CryptoDepositDeclared', '2026-11-27 11:40:05.63+00', '33gdy2a7', '9f17886d-dfbb-40e2-8259-45e251959a83', '9f17886d-dfbb-40e2-8259-45e251959a83', '2da935f03ca85d2d25ab3d6d30d6441a5c9655bb420f325962151ccc0074588c'),
	('0533a9bc-dd19-5b9e-8070-84e034bebbd4', '7a2108be-1d95-5915-b91d-c541ed281c6d', 'cryptoDeposit-0533a9bc-dd19-5b9e-8070-84e034bebbd4', 1, 871, 27, 'CryptoDepositRejected', '2026-11-27 11:40:05.637+00', '65vs6db8', 'd884c6bd-d5a6-4d5a-8153-5fb93c1cba61', 'd884c6bd-d5a6-4d5a-8153-5fb93c1cba61', 'bba4ed721b4c8dcb9521211a5e03e387f8bb40b85338f779a8ab4786324796cb'),
	('45ff2057-fb78-53fe-8509-855e964256ce', 'bea1edb8-1123-5e3e-8813-4416495f281d', 'cryptoDeposit-45ff2057-fb78-53fe-8509-855e964256ce', 0, 880, 30, 'CryptoDepositDeclared', '2026-11-27 11:40:05.655+00', 'krbdrxpt', '230ce3e9-6158-4065-b7c6-071c5b4de244', '230ce3e9-6158-4065-b7c6-071c5b4de244', '7db8389e790504a6d7a6c8f48660bac9f5efb3ffe2816bf7a75e6ad792e54f42'),
	('d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', '3c1c84a6-b80d-5e78-9516-075c669ac5c2', 'account-efg58v6j', 3, 887, 31, 'WithdrawalHoldPlaced', '2026-11-27 11:40:05.662+00', 'efg58v6j', '9c20ab10-8246-4141-ac80-04e7af12a4d1', '9c20ab10-8246-4141-ac80-04e7af12a4d1', 'c5d41216657671a5a83cafba8b24e5d16508a26c387739647c1b8beee68a7211'),
	('d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 'e9afaa5e-7458-519f-830c-d3ae8f278e94', 'withdrawal-d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 0, 889, 32, 'WithdrawalRequested', '2026-11-27 11:40:05.664+00', 'efg58v6j', '9c20ab10-8246-4141-ac80-04e7af12a4d1', '9c20ab10-8246-4141-ac80-04e7af12a4d1', 'bf598ff85664666d98ef44df2c18a0b11d51076bb12c13623030bab85dde60b0'),
	('d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 'c92799cd-331d-5e37-997a-15672b7163ef', 'withdrawal-d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 1, 893, 33, 'WithdrawalCompleted', '2026-11-27 11:40:05.67+00', '65vs6db8', '72f49fb1-c52d-413e-9cfc-0de2b962a342', '72f49fb1-c52d-413e-9cfc-0de2b962a342', '77e1e00610145305c3a9bf4aab44e7fde5dc7207f34c5f719408803ad339ce96'),
	('0f7e346c-1051-5adc-b0ca-d930e3c42cd2', '99acaa1a-3e00-55b1-aff2-9f869500d5b1', 'account-efg58v6j', 4, 905, 34, 'WithdrawalHoldPlaced', '2026-11-27 11:40:05.689+00', 'efg58v6j', 'df79b935-789a-497e-a93f-63a6b90fbd4e', 'df79b935-789a-497e-a93f-63a6b90fbd4e', '1f99969c6cb8a62071a4f8aa98a756cd2c13564b8d832a0a5341aeb69c19f3e7'),
	('0f7e346c-1051-5adc-b0ca-d930e3c42cd2', '34d579c2-4016-5bed-b8ab-2b8d1d1399f6', 'withdrawal-0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 0, 906, 35, 'WithdrawalRequested', '2026-11-27 11:40:05.693+00', 'efg58v6j', 'df79b935-789a-497e-a93f-63a6b90fbd4e', 'df79b935-789a-497e-a93f-63a6b90fbd4e', 'ab5060707b90fd3dabf01bb056c706a0eecbb9f1ba87711872ceb30bda916700'),
	('0f7e346c-1051-5adc-b0ca-d930e3c42cd2', '5736a2c3-c423-54d9-bde0-c84f3c590c1c', 'withdrawal-0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 1, 913, 36, 'WithdrawalFailed', '2026-11-27 11:40:05.7+00', '65vs6db8', 'fe740f3a-7765-4f27-865b-b08b727b2116', 'fe740f3a-7765-4f27-865b-b08b727b2116', 'ece172841a90905c68ae78072ab3e4ed427fc05119827ff91a62fc1ac96b8400'),
	('0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 'df40e77c-2047-53e0-965e-a3fb572abf47', 'account-efg58v6j', 5, 914, 37, 'WithdrawalHoldReleased', '2026-11-27 11:40:05.701+00', '65vs6db8', 'fe740f3a-7765-4f27-865b-b08b727b2116', 'fe740f3a-7765-4f27-865b-b08b727b2116', '7d3de50b47a0ca0c90cdff068bef18c4ae4af99042f96d38f4bf3ec880a019d4'),
	('255813b2-921b-5b72-a4a8-f648d0dc75d2', 'fe46b172-5ed5-5618-bcb2-f4c68e999233', 'account-efg58v6j', 6, 925, 38, 'TokensTransferred', '2026-11-27 11:40:05.722+00', 'efg58v6j', '7e067148-0e1a-4893-bf01-c44cb9627107', '7e067148-0e1a-4893-bf01-c44cb9627107', 'c1d272a93d7b2e00d9e70fd1635b8b46dd72cd8a63a073227accf80997eb801f'),
	('255813b2-921b-5b72-a4a8-f648d0dc75d2', '62b725a1-2d2a-5d37-b07b-4d5c8b92107c', 'account-33gdy2a7', 2, 926, 39, 'TransferReceived', '2026-11-27 11:40:05.723+00', 'efg58v6j', '7e067148-0e1a-4893-bf01-c44cb9627107', '7e067148-0e1a-4893-bf01-c44cb9627107', '6194e87585bd193d8d9ba67aa440cc7b5398a54f9ae747f2ea0a6a4381e950b6'),
	('fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', '89fed8a7-4196-54b6-a44a-61f966401ae9', 'payment-fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 0, 939, 41, 'PaymentProofSubmitted', '2026-11-27 11:40:05.746+00', 'krbdrxpt', 'bc2329f2-b8d9-416b-b747-a493a4a9ee77', 'bc2329f2-b8d9-416b-b747-a493a4a9ee77', 'c3dae8ba3ce42174eebb0d64e28ad238cdda98c4e1032a6868b44c2630e8aedd'),
	('fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', '16182828-551d-5557-b3d8-08179cc6e275', 'payment-fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 1, 946, 42, 'PaymentApproved', '2026-11-27 11:40:05.753+00', '65vs6db8', 'fa5d0448-3a0d-40a9-81bf-bf956a47c415', 'fa5d0448-3a0d-40a9-81bf-bf956a47c415', '618720d337a1da38fc1fa31052588e6b274d89874ead0b2e91528dfc0ce6911e'),
	('fbcce42d-0d12-5c75-9965-c0f9c92b7fd4', 'e0a312fa-4fba-54fa-ac10-929b62416865', 'account-krbdrxpt', 0, 947, 43, 'TokensMinted', '2026-11-27 11:40:05.755+00', '65vs6db8', 'fa5d0448-3a0d-40a9-81bf-bf956a47c415', 'fa5d0448-3a0d-40a9-81bf-bf956a47c415', 'e88d32ec057a80e90f892dbb6560b7a819d97ef70757668e10567600ab757f8e'),
	('47917e93-79b0-524a-8ed6-f6208e6baeb0', '9389e508-3e19-58a6-9bd8-fabce90fda2c', 'payment-47917e93-79b0-524a-8ed6-f6208e6baeb0', 0, 952, 44, 'PaymentProofSubmitted', '2026-11-27 11:40:05.761+00', '3wearena', 'cabe2dd4-54ec-49eb-89b3-efbec8c01381', 'cabe2dd4-54ec-49eb-89b3-efbec8c01381', 'aecb6c5b16a02669fd59e61883aa4a1d5024a1c64154fafc28b5a84e29d114cb'),
	('47917e93-79b0-524a-8ed6-f6208e6baeb0', '71e8ff08-63ec-5bbb-9c75-0b77f1475674', 'payment-47917e93-79b0-524a-8ed6-f6208e6baeb0', 1, 958, 47, 'PaymentRejected', '2026-11-27 11:40:05.77+00', '65vs6db8', 'e90e3ad0-46d5-4844-9a5b-c6bc53857104', 'e90e3ad0-46d5-4844-9a5b-c6bc53857104', '074350c295aa14f3a0c82701dcd4098b8978ea1bf6919f36b9f25f24b5f7a990');


--
-- Data for Name: user_preferences; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.user_preferences VALUES
	('33gdy2a7', false, true, true, 'fr', '2026-11-27 11:40:06.006+00');


--
-- Data for Name: users; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.users VALUES
	('65vs6db8', 'legacy-admin@example.com', 'legacy-admin@example.com', 'legacy-admin', 'Admin', '', '', '', true, 'active', false, '2026-11-27 11:40:04.694+00', '2026-11-27 11:40:04.694+00'),
	('krbdrxpt', 'carol@legacy.example.com', 'carol@legacy.example.com', 'carol_legacy', 'Carol', 'Legacy', '', '', false, 'active', false, '2026-11-27 11:40:05.343+00', '2026-11-27 11:40:05.343+00'),
	('efg58v6j', 'alice@legacy.example.com', 'alice@legacy.example.com', 'alice_legacy', 'Alice', 'Legacy', '', '', false, 'active', true, '2026-11-27 11:40:05.279+00', '2026-11-27 11:40:06.202+00'),
	('3wearena', 'dave@legacy.example.com', 'dave@legacy.example.com', 'dave_legacy', 'Dave', 'Legacy', '', '', false, 'active', false, '2026-11-27 11:40:05.425+00', '2026-11-27 11:40:06.286+00'),
	('33gdy2a7', 'bob@legacy.example.com', 'bob@legacy.example.com', 'robert_legacy', 'Robert', 'Legacy', '', '', true, 'active', false, '2026-11-27 11:40:05.31+00', '2026-11-27 11:40:07.911+00');


--
-- Data for Name: withdrawals; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.withdrawals VALUES
	('d54ab5d8-40d5-55d5-80f9-cbadf0b864e2', 'efg58v6j', 'ETH', 0.50000000, '0x1111222233334444555566667777888899990000', 'arbitrum', '', 'completed', 'abcdef0123456789', NULL, '2026-11-27 11:40:05.663+00', '2026-11-27 11:40:05.669+00', '65vs6db8'),
	('0f7e346c-1051-5adc-b0ca-d930e3c42cd2', 'efg58v6j', 'ETH', 0.25000000, '0x1111222233334444555566667777888899990000', 'arbitrum', '', 'failed', NULL, 'Address rejected by the network', '2026-11-27 11:40:05.692+00', '2026-11-27 11:40:05.699+00', '65vs6db8');


--
-- Name: es_events_global_position_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.es_events_global_position_seq', 70, true);


--
-- Name: account_balances account_balances_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account_balances
    ADD CONSTRAINT account_balances_pkey PRIMARY KEY (account_id, asset);


--
-- Name: card_pins card_pins_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.card_pins
    ADD CONSTRAINT card_pins_pkey PRIMARY KEY (card_id);


--
-- Name: cards cards_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cards
    ADD CONSTRAINT cards_pkey PRIMARY KEY (id);


--
-- Name: cards cards_user_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.cards
    ADD CONSTRAINT cards_user_id_key UNIQUE (user_id);


--
-- Name: contact_messages contact_messages_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.contact_messages
    ADD CONSTRAINT contact_messages_pkey PRIMARY KEY (id);


--
-- Name: credentials credentials_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.credentials
    ADD CONSTRAINT credentials_pkey PRIMARY KEY (user_id);


--
-- Name: crypto_deposits crypto_deposits_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.crypto_deposits
    ADD CONSTRAINT crypto_deposits_pkey PRIMARY KEY (id);


--
-- Name: es_events es_events_event_id_key; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.es_events
    ADD CONSTRAINT es_events_event_id_key UNIQUE (event_id);


--
-- Name: es_events es_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.es_events
    ADD CONSTRAINT es_events_pkey PRIMARY KEY (stream_name, stream_revision);


--
-- Name: es_streams es_streams_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.es_streams
    ADD CONSTRAINT es_streams_pkey PRIMARY KEY (stream_name);


--
-- Name: idempotency_keys idempotency_keys_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.idempotency_keys
    ADD CONSTRAINT idempotency_keys_pkey PRIMARY KEY (scope_key);


--
-- Name: ledger_follow_ups_due ledger_follow_ups_due_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_follow_ups_due
    ADD CONSTRAINT ledger_follow_ups_due_pkey PRIMARY KEY (transaction_id);


--
-- Name: ledger_postings ledger_postings_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_postings
    ADD CONSTRAINT ledger_postings_pkey PRIMARY KEY (event_id, leg);


--
-- Name: ledger_transactions ledger_transactions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.ledger_transactions
    ADD CONSTRAINT ledger_transactions_pkey PRIMARY KEY (id);


--
-- Name: market_prices market_prices_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.market_prices
    ADD CONSTRAINT market_prices_pkey PRIMARY KEY (currency);


--
-- Name: notifications notifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.notifications
    ADD CONSTRAINT notifications_pkey PRIMARY KEY (id);


--
-- Name: payment_verifications payment_verifications_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payment_verifications
    ADD CONSTRAINT payment_verifications_pkey PRIMARY KEY (id);


--
-- Name: projection_checkpoints projection_checkpoints_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.projection_checkpoints
    ADD CONSTRAINT projection_checkpoints_pkey PRIMARY KEY (name);


--
-- Name: sessions sessions_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.sessions
    ADD CONSTRAINT sessions_pkey PRIMARY KEY (id);


--
-- Name: totp_secrets totp_secrets_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.totp_secrets
    ADD CONSTRAINT totp_secrets_pkey PRIMARY KEY (user_id);


--
-- Name: transaction_events transaction_events_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.transaction_events
    ADD CONSTRAINT transaction_events_pkey PRIMARY KEY (transaction_id, event_id);


--
-- Name: user_preferences user_preferences_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.user_preferences
    ADD CONSTRAINT user_preferences_pkey PRIMARY KEY (user_id);


--
-- Name: users users_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.users
    ADD CONSTRAINT users_pkey PRIMARY KEY (id);


--
-- Name: withdrawals withdrawals_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.withdrawals
    ADD CONSTRAINT withdrawals_pkey PRIMARY KEY (id);


--
-- Name: cards_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX cards_status ON public.cards USING btree (status, created_at);


--
-- Name: contact_messages_received; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX contact_messages_received ON public.contact_messages USING btree (received_at DESC);


--
-- Name: crypto_deposits_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX crypto_deposits_status ON public.crypto_deposits USING btree (status, declared_at);


--
-- Name: crypto_deposits_tx; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX crypto_deposits_tx ON public.crypto_deposits USING btree (network, lower(tx_hash));


--
-- Name: crypto_deposits_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX crypto_deposits_user ON public.crypto_deposits USING btree (user_id, declared_at DESC);


--
-- Name: es_events_log_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX es_events_log_order ON public.es_events USING btree (transaction_id, global_position);


--
-- Name: idempotency_keys_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX idempotency_keys_created ON public.idempotency_keys USING btree (created_at);


--
-- Name: ledger_follow_ups_due_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_follow_ups_due_at ON public.ledger_follow_ups_due USING btree (due_at);


--
-- Name: ledger_postings_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_postings_created ON public.ledger_postings USING btree (created_at);


--
-- Name: ledger_postings_from_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_postings_from_order ON public.ledger_postings USING btree (from_account, asset, position_commit DESC, position_prepare DESC, leg DESC);


--
-- Name: ledger_postings_from_time; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_postings_from_time ON public.ledger_postings USING btree (from_account, asset, created_at DESC);


--
-- Name: ledger_postings_position; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_postings_position ON public.ledger_postings USING btree (position_commit, position_prepare, leg);


--
-- Name: ledger_postings_to_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_postings_to_order ON public.ledger_postings USING btree (to_account, asset, position_commit DESC, position_prepare DESC, leg DESC);


--
-- Name: ledger_postings_to_time; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_postings_to_time ON public.ledger_postings USING btree (to_account, asset, created_at DESC);


--
-- Name: ledger_transactions_created; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transactions_created ON public.ledger_transactions USING btree (created_at);


--
-- Name: ledger_transactions_order; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transactions_order ON public.ledger_transactions USING btree (position_commit DESC, position_prepare DESC);


--
-- Name: ledger_transactions_pending; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX ledger_transactions_pending ON public.ledger_transactions USING btree (id) WHERE (status = 'pending'::text);


--
-- Name: notifications_unread; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_unread ON public.notifications USING btree (user_id) WHERE (NOT is_read);


--
-- Name: notifications_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX notifications_user ON public.notifications USING btree (user_id, position_commit DESC, position_prepare DESC);


--
-- Name: payment_verifications_pending; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_verifications_pending ON public.payment_verifications USING btree (created_at) WHERE (status = 'pending'::text);


--
-- Name: payment_verifications_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payment_verifications_user ON public.payment_verifications USING btree (user_id, created_at DESC);


--
-- Name: sessions_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX sessions_user ON public.sessions USING btree (user_id) WHERE (revoked_at IS NULL);


--
-- Name: users_created_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_created_at ON public.users USING btree (created_at DESC, id);


--
-- Name: users_email_lower; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX users_email_lower ON public.users USING btree (email_lower);


--
-- Name: withdrawals_status; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX withdrawals_status ON public.withdrawals USING btree (status, requested_at);


--
-- Name: withdrawals_user; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX withdrawals_user ON public.withdrawals USING btree (user_id, requested_at DESC);


--
-- PostgreSQL database dump complete
--

\unrestrict Bv6jBLMRyNJI4YUT37pEPKimVgqgfzmiWbF2RH3WCBthziU7Qigv0YVqsJOWcyn

