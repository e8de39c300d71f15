// The chat web client: log in, list sessions, stream replies with fetch (EventSource cannot
// POST), show candidate cards and the confirmed film. No framework, no CDN.
const $ = (id) => document.getElementById(id);
const state = { access: null, refresh: null, refreshTimer: null, sessionId: null, busy: false };

// ---- tokens -------------------------------------------------------------------------------

const expiryOf = (jwt) => JSON.parse(atob(jwt.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))).exp * 1000;

function keepTokens(pair) {
  state.access = pair.access_token;
  state.refresh = pair.refresh_token;
  sessionStorage.setItem('refresh_token', pair.refresh_token);
  clearTimeout(state.refreshTimer);
  // Refresh a minute before the access token expires.
  const wait = Math.max(5_000, expiryOf(pair.access_token) - Date.now() - 60_000);
  state.refreshTimer = setTimeout(refreshTokens, wait);
}

async function refreshTokens() {
  const response = await fetch('/auth/refresh', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: state.refresh }) });
  if (!response.ok) return showLogin('Your session has ended. Please log in again.');
  keepTokens(await response.json());
  return true;
}

/** fetch with the access token; one refresh and retry on a 401. */
async function api(path, options = {}) {
  const send = () => fetch(path, { ...options, headers: { ...options.headers, authorization: `Bearer ${state.access}` } });
  let response = await send();
  if (response.status === 401 && (await refreshTokens())) response = await send();
  return response;
}

// ---- views --------------------------------------------------------------------------------

function showLogin(message = '') {
  clearTimeout(state.refreshTimer);
  Object.assign(state, { access: null, refresh: null, sessionId: null });
  sessionStorage.removeItem('refresh_token');
  $('chat-view').hidden = true;
  $('logout').hidden = true;
  $('login-view').hidden = false;
  $('login-error').textContent = message;
  $('email').focus();
  return false;
}

async function showChat() {
  $('login-view').hidden = true;
  $('chat-view').hidden = false;
  $('logout').hidden = false;
  // The session id exists before anything can be typed: a message sent while the list is
  // still loading would otherwise carry none (422).
  if (!state.sessionId) newSession();
  else await loadSessions();
}

$('login-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const action = event.submitter?.value === 'register' ? 'register' : 'login';
  const body = JSON.stringify({ email: $('email').value.trim(), password: $('password').value });
  const response = await fetch(`/auth/${action}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) {
    $('login-error').textContent = Array.isArray(answer.detail) ? answer.detail.map((d) => `${d.loc.at(-1)}: ${d.msg}`).join('; ') : answer.detail ?? 'Something went wrong';
    return;
  }
  keepTokens(answer);
  $('password').value = '';
  await showChat();
});

$('logout').addEventListener('click', async () => {
  await fetch('/auth/logout', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refresh_token: state.refresh }) });
  showLogin();
});

// ---- sessions -----------------------------------------------------------------------------

async function loadSessions() {
  const response = await api('/chat/sessions?limit=50');
  if (!response.ok) return;
  const page = await response.json();
  const list = $('session-list');
  list.replaceChildren(
    ...page.items.map((item) => {
      const li = document.createElement('li');
      if (item.session_id === state.sessionId) li.className = 'current';
      const open = button(item.first_message ?? 'New conversation', 'open', () => openSession(item.session_id));
      open.title = item.first_message ?? '';
      const remove = button('Delete', 'delete', () => deleteSession(item.session_id));
      remove.setAttribute('aria-label', `Delete conversation: ${item.first_message ?? 'new'}`);
      li.append(open, remove);
      return li;
    }),
  );
}

function newSession() {
  state.sessionId = crypto.randomUUID();
  $('messages').replaceChildren();
  showMovie(null);
  loadSessions();
  $('message').focus();
}

async function openSession(id) {
  const response = await api(`/chat/${id}/history`);
  if (!response.ok) return;
  const history = await response.json();
  state.sessionId = id;
  $('messages').replaceChildren(...history.messages.map((m) => messageItem(m.role, m.content)));
  showMovie(history.confirmed_movie);
  scrollDown();
  loadSessions();
}

async function deleteSession(id) {
  const response = await api(`/chat/${id}`, { method: 'DELETE' });
  if (response.status === 204 && id === state.sessionId) newSession();
  else loadSessions();
}

// ---- chat ---------------------------------------------------------------------------------

$('chat-form').addEventListener('submit', (event) => {
  event.preventDefault();
  send($('message').value.trim());
});
$('message').addEventListener('keydown', (event) => {
  if (event.key === 'Enter' && !event.shiftKey) {
    event.preventDefault();
    $('chat-form').requestSubmit();
  }
});
$('new-session').addEventListener('click', newSession);

async function send(text) {
  if (!text || state.busy) return;
  state.busy = true;
  $('send').disabled = true;
  $('message').value = '';
  $('messages').append(messageItem('user', text));
  const reply = messageItem('assistant', '');
  reply.setAttribute('aria-busy', 'true');
  $('messages').append(reply);
  scrollDown();
  try {
    const response = await api('/chat', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ session_id: state.sessionId, message: text }) });
    if (!response.ok) {
      const problem = await response.json().catch(() => ({}));
      const detail = Array.isArray(problem.detail) ? problem.detail.map((d) => d.msg).join('; ') : problem.detail;
      throw new Error(response.status === 429 ? `Too many messages; try again in ${response.headers.get('retry-after')} s.` : detail ?? `Error ${response.status}`);
    }
    for await (const event of events(response)) {
      if (event.type === 'token') reply.textContent += event.content;
      else if (event.type === 'error') throw new Error(event.detail);
      else if (event.type === 'done') {
        reply.textContent = event.reply;
        if (event.candidates?.length) $('messages').append(candidateCards(event.candidates));
        showMovie(event.confirmed_movie ?? null);
      }
      scrollDown();
    }
  } catch (error) {
    reply.classList.add('error');
    reply.textContent = error.message;
  } finally {
    reply.removeAttribute('aria-busy');
    state.busy = false;
    $('send').disabled = false;
    $('message').focus();
    loadSessions();
  }
}

/** The SSE body as events: `data: <json>` lines, blank lines between. */
async function* events(response) {
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += value;
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline).trimEnd();
      buffer = buffer.slice(newline + 1);
      if (line.startsWith('data: ')) yield JSON.parse(line.slice(6));
    }
  }
}

// ---- rendering ----------------------------------------------------------------------------

function button(label, className, onClick) {
  const element = document.createElement('button');
  element.type = 'button';
  element.className = className;
  element.textContent = label;
  element.addEventListener('click', onClick);
  return element;
}

function messageItem(role, text) {
  const li = document.createElement('li');
  li.className = `message ${role}`;
  li.textContent = text;
  return li;
}

function poster(url, title) {
  const image = document.createElement('img');
  image.alt = `Poster of ${title}`;
  if (url) image.src = url;
  return image;
}

function candidateCards(candidates) {
  const li = document.createElement('li');
  li.className = 'candidates';
  li.setAttribute('aria-label', 'Candidates');
  candidates.forEach((c, i) => {
    const card = document.createElement('article');
    card.className = 'candidate';
    const title = c.catalog_title ?? c.rag_title;
    const body = document.createElement('div');
    const heading = document.createElement('h3');
    heading.textContent = `${i + 1}. ${title}`;
    const facts = document.createElement('p');
    facts.textContent = [c.catalog_year ?? c.rag_year, c.catalog_directors?.[0] ?? c.rag_director].filter(Boolean).join(' · ');
    const confidence = document.createElement('p');
    confidence.className = 'confidence';
    confidence.textContent = `${Math.round(c.confidence * 100)}% match`;
    body.append(heading, facts, confidence, button('This one', 'pick', () => send(`#${i + 1}`)));
    card.append(poster(c.catalog_poster_url, title), body);
    li.append(card);
  });
  return li;
}

function showMovie(movie) {
  const card = $('movie-card');
  card.hidden = !movie;
  if (!movie) return card.replaceChildren();
  const title = movie.catalog_title ?? movie.rag_title;
  const body = document.createElement('div');
  const heading = document.createElement('h2');
  heading.textContent = `${title} (${movie.catalog_year ?? movie.rag_year})`;
  const facts = document.createElement('p');
  facts.textContent = [movie.catalog_directors?.join(', '), movie.catalog_rating != null ? `${movie.catalog_rating}/10` : null, movie.catalog_genres?.join(', ')].filter(Boolean).join(' · ');
  const plot = document.createElement('p');
  plot.textContent = movie.catalog_plot ?? '';
  body.append(heading, facts, plot);
  card.replaceChildren(poster(movie.catalog_poster_url, title), body);
}

const scrollDown = () => ($('messages').scrollTop = $('messages').scrollHeight);

// ---- start --------------------------------------------------------------------------------

const saved = sessionStorage.getItem('refresh_token');
if (saved) {
  state.refresh = saved;
  refreshTokens().then((ok) => ok && showChat());
} else {
  showLogin();
}
