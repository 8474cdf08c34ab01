import { Button, Group, Menu, Text } from '@mantine/core';
import { type MenuItem, SUBMENU_COLUMN_SIZE } from '@selfcare/domain';
import { useTranslation } from '../../lib/i18n.ts';
import '../../lib/menu-texts.ts';
import { menuDescription, menuTitle } from '../../lib/route-texts.ts';
import { Link } from '../../lib/router.tsx';

/** Top bar with hover sub-menus; the grid puts child items four to a column, in reading order. */
export default function DesktopMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('header.menu')} className="desktop-only">
      <Group gap="xs" component="ul" className="plain-list">
        {items.map((item) =>
          item.childs.length === 0 ? (
            <li key={item.id}>
              <Button component={Link} to={item.link} variant="subtle" color="dark">
                {menuTitle(item)}
              </Button>
            </li>
          ) : (
            <li key={item.id}>
              <Menu
                trigger="click-hover"
                openDelay={60}
                closeDelay={150}
                position="bottom-start"
                withinPortal
                // Its focus placeholder is a bare div inside role="menu" (mantinedev/mantine#8971).
                withInitialFocusPlaceholder={false}
              >
                <Menu.Target>
                  <Button variant="subtle" color="dark" rightSection="▾">
                    {menuTitle(item)}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown
                  className="submenu"
                  style={{
                    gridTemplateRows: `repeat(${Math.min(SUBMENU_COLUMN_SIZE, item.childs.length)}, auto)`,
                  }}
                >
                  {item.childs.map((child) => (
                    <Menu.Item key={child.id} component={Link} to={child.link}>
                      <Text fw={600} size="sm">
                        {menuTitle(child)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {menuDescription(child)}
                      </Text>
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </li>
          ),
        )}
      </Group>
    </nav>
  );
}
