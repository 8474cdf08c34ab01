import { Button, Group, Menu, Stack, Text } from '@mantine/core';
import { columns, type MenuItem } from '@selfcare/domain';
import { Link } from '../../lib/router.tsx';

/** Top bar with hover sub-menus; child items are grouped four per column. */
export default function DesktopMenu({ items }: { items: MenuItem[] }) {
  return (
    <nav aria-label="Main menu" className="desktop-only">
      <Group gap="xs" component="ul" className="plain-list">
        {items.map((item) =>
          item.childs.length === 0 ? (
            <li key={item.id}>
              <Button component={Link} to={item.link} variant="subtle" color="dark">
                {item.title}
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
              >
                <Menu.Target>
                  <Button variant="subtle" color="dark" rightSection="▾">
                    {item.title}
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  <Group align="flex-start" gap="lg" p="xs">
                    {columns(item.childs).map((col) => (
                      <Stack key={col[0]?.id} gap={2} className="submenu-column">
                        {col.map((child) => (
                          <Menu.Item key={child.id} component={Link} to={child.link}>
                            <Text fw={600} size="sm">
                              {child.title}
                            </Text>
                            <Text size="xs" c="dimmed">
                              {child.description}
                            </Text>
                          </Menu.Item>
                        ))}
                      </Stack>
                    ))}
                  </Group>
                </Menu.Dropdown>
              </Menu>
            </li>
          ),
        )}
      </Group>
    </nav>
  );
}
