import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { orders, type OrderDetail } from '@portal/contract';
import { useForm } from 'react-hook-form';
import { Link, useLoaderData } from 'react-router';
import type { z } from 'zod';

import { FormErrors } from '../../../components/ui/FormErrors.tsx';
import { LoadingState } from '../../../components/ui/PageStates.tsx';
import { RedirectNotice } from '../../../components/ui/RedirectNotice.tsx';
import { paths } from '../../../config/paths.ts';
import { useChangeAlias } from '../api/change-alias.ts';
import { useOrder } from '../api/get-order.ts';
import { OrderLoadError } from '../components/OrderLoadError.tsx';

const schema = orders.changeAlias.input.pick({ alias: true });
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;

function AliasForm({ order }: { order: OrderDetail }) {
  const mutation = useChangeAlias();
  const { register, handleSubmit, formState, setValue } = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: { alias: order.alias ?? '' },
  });
  const back = paths.service(order.product_controller, order.base_order_id);

  if (mutation.isSuccess) {
    return (
      <RedirectNotice
        to={paths.service(mutation.data.product_controller, mutation.data.base_order_id)}
        message={
          mutation.data.alias
            ? `The alias of order ${order.order_number} is now "${mutation.data.alias}".`
            : `The alias of order ${order.order_number} has been cleared.`
        }
      />
    );
  }
  return (
    <Paper withBorder p="md" radius="md" maw={560}>
      <form
        aria-label="Change alias"
        noValidate
        onSubmit={handleSubmit((values) =>
          mutation.mutate({ base_order_id: order.base_order_id, alias: values.alias }),
        )}
      >
        <Stack gap="md">
          <Text size="sm">
            {order.product}, order {order.order_number}
            {order.uss_circuit_id ? `, circuit ${order.uss_circuit_id}` : ''}. The alias is your own name for this
            service; it shows in the services list and can be searched. Save an empty alias to clear it.
          </Text>
          <FormErrors error={mutation.error} />
          <TextInput
            label="Alias"
            maxLength={orders.aliasMaxLength}
            autoComplete="off"
            error={formState.errors.alias?.message}
            {...register('alias')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to={back} size="sm">
              Back to the service
            </Anchor>
            <Group gap="xs">
              {order.alias && (
                <Button
                  type="button"
                  variant="default"
                  loading={mutation.isPending}
                  onClick={() => {
                    setValue('alias', '');
                    mutation.mutate({ base_order_id: order.base_order_id, alias: '' });
                  }}
                >
                  Clear alias
                </Button>
              )}
              <Button type="submit" loading={mutation.isPending}>
                Save alias
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** service/change-alias/{baseOrderId}: on success a notice, then the order's product page after 3 seconds. */
export function ChangeAliasPage() {
  const { baseOrderId } = useLoaderData<{ baseOrderId: number }>();
  const query = useOrder(baseOrderId);
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Change Alias
      </Title>
      {query.error ? (
        <OrderLoadError error={query.error} />
      ) : query.data ? (
        <AliasForm order={query.data} />
      ) : (
        <LoadingState />
      )}
    </Stack>
  );
}
