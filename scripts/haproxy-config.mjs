// The HAProxy configuration of the production layout (decision 0027): one frontend, the API
// instances behind it in round robin, checked on their readiness route. `npm run cluster` writes
// it for the instances it starts; on several machines the same text with their addresses serves.

/**
 * @param {object} options
 * @param {{ host: string, port: number }} options.bind where clients reach the portal
 * @param {{ name: string, host: string, port: number }[]} options.servers the API instances
 * @param {string} [options.log] where HAProxy writes its request log (a file or `stdout`)
 */
export function haproxyConfig({ bind, servers, log = 'stdout' }) {
  return `# Written by scripts/haproxy-config.mjs (docs/decisions/0027-several-instances-behind-haproxy.md).
global
    log ${log} format raw local0 info
    # No maxconn: HAProxy takes as many connections as the open-file limit (ulimit -n) allows.
    # A soft stop (SIGUSR1) lets requests finish; consoles (WebSockets) get this long.
    hard-stop-after 5s

defaults
    mode http
    log global
    # HAProxy's httplog with the path alone: a query may carry a secret (a console's ticket).
    log-format "%ci:%cp [%tr] %ft %b/%s %TR/%Tw/%Tc/%Tr/%Ta %ST %B %CC %CS %tsc %ac/%fc/%bc/%sc/%rc %sq/%bq %hr %hs \\"%HM %HP %HV\\""
    option dontlognull
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout http-request 10s
    timeout http-keep-alive 10s
    # An open VM console (WebSocket) may sit idle; the API checks its session itself.
    timeout tunnel 1h
    timeout client-fin 5s
    # A draining instance answers its check 503 at once and is out after two; a check that only
    # waits is an instance busy with requests, which is no reason to take it out: under overload
    # a 2 s limit took both instances out at once (503 for everyone, docs/performance.md).
    timeout check 5s
    # A connection an instance refuses (stopped, killed) is tried again on another instance: the
    # request never reached the first. A read (GET, HEAD) that an instance dropped unanswered is
    # sent again too; a change never is (it may have been made).
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response

frontend portal
    bind ${bind.host}:${bind.port}
    # HAProxy is the edge: the address a client connects from is the one the API sees
    # (TRUST_PROXY names this proxy); an X-Forwarded-For the client sent is not believed.
    http-request del-header X-Forwarded-For
    option forwardfor
    http-request set-header X-Forwarded-Proto https if { ssl_fc }
    http-request set-header X-Forwarded-Proto http if !{ ssl_fc }
    default_backend api

backend api
    balance roundrobin
    http-request disable-l7-retry if !METH_GET
    # Readiness turns 503 the moment an instance begins to stop (SIGTERM) or loses its database:
    # two failed checks (the second a quarter second after the first) take it out, well within
    # the instance's DRAIN_NOTICE_MS; two good ones bring it back.
    option httpchk
    http-check send meth GET uri /api/health/ready ver HTTP/1.1 hdr Host portal-check
    http-check expect status 200
    default-server check inter 1s fastinter 250ms fall 2 rise 2
    # Which instance answered, for support and for the cluster test.
    http-response set-header X-Served-By %[srv_name]
${servers.map((s) => `    server ${s.name} ${s.host}:${s.port}`).join('\n')}
`;
}
