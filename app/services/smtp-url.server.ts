/**
 * SMTP_URL as nodemailer takes it (smtp://user:password@host:port, or smtps:// for TLS from the
 * start): checked at start-up part by part, so a typo names its part instead of failing the first
 * reset e-mail; and its credentials found, so that no message or log line ever shows them.
 */

const SCHEMES = ["smtp", "smtps"];

/**
 * "scheme://" (or what stands for it, "smtp//" or "smtp:/" included), then the user information (up
 * to the last @, when there is one), then host:port and the rest.
 */
function partsOf(value: string) {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(value)?.[1];
  const prefix = scheme ? `${scheme}://` : (/^[a-z][a-z0-9+.-]*:?\/+/i.exec(value)?.[0] ?? "");
  const rest = value.slice(prefix.length);
  const at = rest.lastIndexOf("@");
  return { scheme, prefix, userinfo: at >= 0 ? rest.slice(0, at) : null, hostAndRest: at >= 0 ? rest.slice(at + 1) : rest };
}

/** What is wrong with an SMTP_URL, naming the part and never its password; null when nodemailer can use it. */
export function smtpUrlProblem(value: string): string | null {
  const { scheme, userinfo, hostAndRest } = partsOf(value);
  if (!scheme) return "must start with smtp:// or smtps:// (the scheme, then a colon and two slashes)";
  if (!SCHEMES.includes(scheme.toLowerCase())) return `the scheme is ${scheme}, not smtp or smtps`;
  // An unescaped / ? or # ends the user information early: the password's tail would be read as the host.
  if (userinfo && /[/?#]/.test(userinfo)) {
    return "the user name or password has /, ? or # not percent-encoded (write %2F, %3F, %23; @ as %40, : as %3A)";
  }
  const hostPort = /^[^/?#]*/.exec(hostAndRest)![0];
  const port = /^(?:\[[^\]]*\]|[^:]*)(?::(.*))?$/.exec(hostPort)?.[1];
  const host = port === undefined ? hostPort : hostPort.slice(0, hostPort.length - port.length - 1);
  if (!host) return "has no host (smtp://user:password@host:port)";
  if (port !== undefined && port !== "" && !(/^\d{1,5}$/.test(port) && Number(port) >= 1 && Number(port) <= 65535)) {
    return `the port ${port} is not a number from 1 to 65535`;
  }
  try {
    new URL(value);
  } catch {
    return `the host ${host} is not a valid host name or address`;
  }
  return null;
}

/** The URL as a message may show it: the user information replaced by ***. */
export function smtpUrlWithoutCredentials(value: string): string {
  const { prefix, userinfo, hostAndRest } = partsOf(value);
  return userinfo === null ? value : `${prefix}***@${hostAndRest}`;
}

/** The user and password written in an SMTP_URL (percent-decoded when they can be), or null. */
export function smtpCredentialsOf(value: string): { user: string; password: string; written: string } | null {
  const { userinfo } = partsOf(value);
  if (!userinfo) return null;
  const colon = userinfo.indexOf(":");
  if (colon < 0) return null;
  const decode = (text: string) => {
    try {
      return decodeURIComponent(text);
    } catch {
      return text;
    }
  };
  const written = userinfo.slice(colon + 1);
  return { user: decode(userinfo.slice(0, colon)), password: decode(written), written };
}
