import type { FastifyInstance } from 'fastify';
import { testPassword } from '../../test/factories';

export function signIn(
  app: FastifyInstance,
  email: string,
  password = testPassword,
  options: { cookies?: Record<string, string>; headers?: Record<string, string> } = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    cookies: options.cookies,
    headers: options.headers,
  });
}

/** Signs in over HTTP and returns what a browser keeps: the session cookie and the CSRF token. */
export async function signInForSession(app: FastifyInstance, email: string, password = testPassword) {
  const response = await signIn(app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const [cookie] = response.cookies;
  return {
    token: cookie!.value,
    cookies: { [cookie!.name]: cookie!.value },
    headers: { 'x-csrf-token': response.json().csrfToken as string },
  };
}
