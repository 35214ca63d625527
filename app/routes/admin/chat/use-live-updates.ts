import { useEffect, useRef, useState } from "react";
import { useRevalidator } from "react-router";
import { type ChatSocketStatus, openChatSocket } from "#app/lib/chat-socket.ts";
import type { ChatMessage } from "#shared/chat.ts";
import { playChime } from "./play-chime";

const SOUND_KEY = "frontier-chat-sound";

/**
 * The chat socket's frames: a message shows at once, and the page reloads its data.
 * `isEnabled` false (a client manager: the socket is for admins) opens no socket.
 */
export function useLiveUpdates(
  selectedId: string | null,
  selectedUnread: number,
  onMessage: (message: ChatMessage) => void,
  isEnabled = true,
) {
  const onMessageRef = useRef(onMessage);
  onMessageRef.current = onMessage;
  const revalidator = useRevalidator();
  const revalidateRef = useRef(revalidator.revalidate);
  revalidateRef.current = revalidator.revalidate;
  const [status, setStatus] = useState<ChatSocketStatus>("connecting");
  const isConnected = status === "open";
  const [isSoundOn, setSoundOn] = useState(false);
  const soundRef = useRef(isSoundOn);
  soundRef.current = isSoundOn;
  const socketRef = useRef<ReturnType<typeof openChatSocket> | undefined>(undefined);

  useEffect(() => {
    setSoundOn(window.localStorage.getItem(SOUND_KEY) !== "off");
    if (!isEnabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void revalidateRef.current(), 50);
    };
    const socket = openChatSocket({
      as: "staff",
      onStatus: (next) => {
        setStatus(next);
        // Anything that happened while disconnected shows after the reconnect.
        if (next === "open") refresh();
      },
      onFrame: (frame) => {
        if (frame.type === "message") {
          onMessageRef.current(frame.message);
          if (frame.message.author === "visitor" && soundRef.current) playChime();
          refresh();
        } else if (frame.type === "conversation") refresh();
      },
    });
    socketRef.current = socket;
    return () => {
      clearTimeout(timer);
      socket.close();
    };
  }, [isEnabled]);

  // Looking at a conversation reads it.
  useEffect(() => {
    if (selectedId && selectedUnread > 0 && isConnected)
      socketRef.current?.send({ type: "read", conversationId: selectedId });
  }, [selectedId, selectedUnread, isConnected]);

  function toggleSound() {
    const next = !isSoundOn;
    setSoundOn(next);
    window.localStorage.setItem(SOUND_KEY, next ? "on" : "off");
  }
  return { status, isSoundOn, toggleSound };
}
