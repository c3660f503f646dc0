// Webhook targets a caller may never register (OWASP API7, SSRF), used by the registration and the API7 tests.

/** Hosts that are, or disguise, a local, private or reserved address, in the forms an attacker would try. */
export const FORBIDDEN_TARGET_HOSTS = [
  'https://localhost/',
  'https://LOCALHOST/',
  'https://LOCALHOST:8443/x',
  'https://localhost./',
  'https://api.localhost/',
  'https://127.0.0.1/',
  'https://127.1/',
  'https://127.0.0.1./',
  'https://0x7f.1/',
  'https://0x7f000001/',
  'https://2130706433/',
  'https://017700000001/',
  'https://0177.0.0.1/',
  'https://127.255.255.254/',
  'https://0.0.0.0/',
  'https://0/',
  'https://10.0.0.1/',
  'https://10.255.255.255/',
  'https://172.16.0.1/',
  'https://172.31.255.255/',
  'https://192.168.1.1/',
  'https://100.64.0.1/',
  'https://169.254.169.254/latest/meta-data/',
  'https://224.0.0.1/',
  'https://239.255.255.250/',
  'https://255.255.255.255/',
  'https://[::1]/',
  'https://[0:0:0:0:0:0:0:1]/',
  'https://[::]/',
  'https://[::ffff:127.0.0.1]/',
  'https://[::ffff:7f00:1]/',
  'https://[0:0:0:0:0:ffff:10.0.0.1]/',
  'https://[::ffff:169.254.169.254]/',
  'https://[::127.0.0.1]/',
  'https://[fe80::1]/',
  'https://[febf:ffff::1]/',
  'https://[fc00::1]/',
  'https://[fd00::1]/',
  'https://[fd12:3456:789a::1]/',
  'https://[ff02::1]/',
  'https://[64:ff9b::7f00:1]/',
  'https://[2002:7f00:1::]/',
];

/** What a refusal of one of FORBIDDEN_TARGET_HOSTS says about the address. */
export const FORBIDDEN_HOST_REASON =
  /localhost|loopback|private|link-local|unique-local|multicast|unspecified|reserved|site-local/;

/** Targets refused for their form rather than their host: credentials that hide the host, and other schemes. */
export const FORBIDDEN_TARGET_FORMS = [
  'https://evil.example.com@127.0.0.1/',
  'http://hooks.example.com/',
  'file:///etc/passwd',
  'gopher://hooks.example.com/',
];
