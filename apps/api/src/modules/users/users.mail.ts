/**
 * Runs a send that follows a committed change: false when the mail could not be sent (the mailer has
 * logged and recorded it), so the caller reports it instead of failing a change that already happened.
 */
export async function delivered(send: () => Promise<void>): Promise<boolean> {
  try {
    await send();
    return true;
  } catch (error) {
    if ((error as { code?: string }).code !== 'MAIL_FAILED') throw error;
    return false;
  }
}
