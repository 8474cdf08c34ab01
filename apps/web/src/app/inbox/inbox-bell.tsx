import { Anchor, Badge, Button, Group, Popover, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import type { InboxMessage } from '@selfcare/domain/contracts/inbox';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Icon } from '../../components/ui/icon.tsx';
import { call } from '../../lib/api.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation } from '../../lib/router.tsx';
import { formatSg } from '../../lib/sg-date.ts';
import './texts.ts';

/** How often a page change asks again how many messages are unread. */
const RECHECK_MS = 60_000;

/** A bell, drawn as the menus' icons are. */
const BELL = 'M6 16V11a6 6 0 0 1 12 0v5l2 2H4zM10 21h4';

/**
 * The bell in the header (ADR 0058): how many messages sent to the customer are unread, and, opened,
 * the last 90 days of them (email, SMS and push) with their time and a link to the page each is
 * about. Opening it marks what it shows read.
 */
export default function InboxBell() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [opened, setOpened] = useState(false);
  const [messages, setMessages] = useState<InboxMessage[] | null>(null);
  const [unread, setUnread] = useState(0);
  const [failed, setFailed] = useState(false);
  const checkedAt = useRef(0);
  /** The latest ask: an earlier answer arriving after it is not shown. */
  const asked = useRef(0);
  const headingId = useId();

  const load = useCallback(async () => {
    checkedAt.current = Date.now();
    const ask = ++asked.current;
    try {
      const { data } = await call('GET /inbox', undefined, { silent: true });
      if (ask !== asked.current) return null;
      setMessages(data.messages);
      setUnread(data.unread);
      setFailed(false);
      return data;
    } catch {
      if (ask === asked.current) setFailed(true);
      return null;
    }
  }, []);

  // On arrival, and on a later page once a minute has passed: a new bill or alert shows on the bell.
  // biome-ignore lint/correctness/useExhaustiveDependencies: asks again as the page changes
  useEffect(() => {
    if (Date.now() - checkedAt.current >= RECHECK_MS || checkedAt.current === 0) void load();
  }, [pathname, load]);

  const open = async () => {
    setOpened(true);
    const data = await load();
    // What the list shows is read: all sent up to the server's time of the list, not the phone's.
    if (data?.unread) {
      try {
        const { data: read } = await call(
          'POST /inbox/read',
          { body: { before: data.asOf } },
          { silent: true },
        );
        setUnread(read.unread);
      } catch {
        // Left unread: the next opening marks them.
      }
    }
  };

  const label = unread ? t('inbox.bellUnread', { count: unread }) : t('inbox.bell');
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      position="bottom-end"
      width="min(380px, calc(100vw - 16px))"
      trapFocus
      returnFocus
      shadow="md"
    >
      <Popover.Target>
        <UnstyledButton
          className="inbox-bell"
          aria-label={label}
          aria-expanded={opened}
          onClick={() => (opened ? setOpened(false) : void open())}
        >
          <Icon name="bell" path={BELL} />
          {unread > 0 && (
            <Badge size="sm" color="red" className="inbox-bell-count" aria-hidden="true">
              {unread > 99 ? '99+' : unread}
            </Badge>
          )}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown role="dialog" aria-labelledby={headingId}>
        <Title order={2} size="h5" id={headingId} mb="xs">
          {t('inbox.title')}
        </Title>
        {failed && <Text size="sm">{t('inbox.failed')}</Text>}
        {failed && !messages ? null : !messages ? (
          <Text size="sm">{t('inbox.loading')}</Text>
        ) : messages.length === 0 ? (
          <Text size="sm">{t('inbox.empty')}</Text>
        ) : (
          <Stack component="ul" gap="sm" className="plain-list inbox-list">
            {messages.map((m) => (
              <li key={m.id} className={m.read ? undefined : 'inbox-unread'}>
                <Group gap={6} wrap="wrap">
                  <Badge size="xs" variant="light" color="gray">
                    {t(`inbox.channel.${m.channel}`)}
                  </Badge>
                  <Text size="xs" c="dimmed" component="span">
                    {formatSg(m.sentAt, 'moment')}
                  </Text>
                  {!m.read && (
                    <Badge size="xs" color="violet">
                      {t('inbox.new')}
                    </Badge>
                  )}
                </Group>
                {m.title && (
                  <Text size="sm" fw={600}>
                    {m.title}
                  </Text>
                )}
                {/* An email says what it is in its subject; a text or a notification in its words. */}
                {m.channel !== 'email' && (
                  <Text size="sm" lineClamp={4}>
                    {m.body}
                  </Text>
                )}
                {m.link && (
                  <Anchor component={Link} to={m.link} size="sm" onClick={() => setOpened(false)}>
                    {t('inbox.open')}
                  </Anchor>
                )}
              </li>
            ))}
          </Stack>
        )}
        <Button variant="subtle" size="xs" mt="sm" onClick={() => setOpened(false)}>
          {t('inbox.close')}
        </Button>
      </Popover.Dropdown>
    </Popover>
  );
}
