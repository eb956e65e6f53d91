/**
 * /prolongar/{adId} (ADR 037): the owner of a public ad buys days added before it ends ('Prolongar') by PIX or card,
 * JavaScript on or off. The loader and action are shared with /impulsionar/{adId} (web/add-on-route.server.ts).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AddOnPageView } from "~/components/payment/AddOnPageView";
import { addOnAction, addOnLoader } from "~/web/add-on-route.server";

export const meta: MetaFunction = () => [{ title: "Prolongar anúncio | Classificados Patos" }, { name: "robots", content: "noindex" }];

export const loader = (args: LoaderFunctionArgs) => addOnLoader("extend", args);
export const action = (args: ActionFunctionArgs) => addOnAction("extend", args);

export default function ExtendPage() {
  const loaded = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return <AddOnPageView {...loaded} actionData={actionData} />;
}
